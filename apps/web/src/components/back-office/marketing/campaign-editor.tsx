'use client';

import type { FormField as FormFieldSpec } from '@playhouse/shared/contracts/accounts';
import { BONUS_GAME_TYPES, BONUS_KINDS, BONUS_TRIGGERS, CASHBACK_PAYOUTS } from '@playhouse/shared/contracts/bonuses';
import type { Campaign, CampaignTermsInput } from '@playhouse/shared/contracts/marketing';
import { LOCALES, type Locale } from '@playhouse/shared/locales';
import { CURRENCY_CODES } from '@playhouse/shared/money';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { FormError } from '@/components/ui/form-error';
import { FormFields } from '@/components/ui/form-view';
import { SubmitButton } from '@/components/ui/submit-button';
import { useForm, type FormValues } from '@/components/ui/use-form';
import buttons from '@/components/ui/button.module.css';
import formStyles from '@/components/ui/form.module.css';
import { createCampaign, updateCampaign } from '@/lib/back-office/marketing-api';
import styles from './marketing.module.css';

const AMOUNT = '^\\d{1,9}(\\.\\d{1,2})?$';
const WHOLE = '^\\d{1,4}$';
const PERCENT = '^\\d{1,3}$';
const SLUG = '^[a-z0-9]+(-[a-z0-9]+)*$';
const ODD = '^\\d{1,3}(\\.\\d{1,3})?$';
const AMOUNTS = '^\\s*\\d{1,9}(\\.\\d{1,2})?(\\s*,\\s*\\d{1,9}(\\.\\d{1,2})?)*\\s*$';
/** ISO weekdays, comma-separated: "6, 7" is Saturday and Sunday. */
const WEEKDAYS = '^\\s*[1-7](\\s*,\\s*[1-7])*\\s*$';
const TIME_ZONE = '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$';
/** The operator's zone a new campaign counts its days and weeks in (the demo operator's). */
const DEFAULT_TIME_ZONE = 'Europe/Malta';

/** Share of a stake counted towards wagering for a new campaign: the demo campaigns' table. */
const DEFAULT_CONTRIBUTIONS: Record<string, number> = {
  slots: 100,
  dice: 20,
  plinko: 20,
  table: 10,
  live: 10,
  other: 0,
  sports: 100,
};

type Groups = Record<'general' | 'names' | 'terms' | 'contributions' | 'currencies', FormFieldSpec[]>;

function text(name: string, label: string, pattern?: string, required = false, max?: number): FormFieldSpec {
  return {
    name,
    type: 'text',
    required,
    label,
    constraints: { ...(pattern ? { pattern } : {}), ...(max ? { maxLength: max } : {}) },
  };
}

/** The editor's starting values: the campaign's terms, or sensible ones for a new campaign. */
function startingValues(campaign: Campaign | undefined): FormValues {
  const values: FormValues = {
    kind: campaign?.kind ?? 'free_money',
    trigger: campaign?.trigger ?? 'registration',
    wager: String(campaign?.wager ?? 30),
    validDays: String(campaign?.validDays ?? 7),
    offerDays: String(campaign?.offerDays ?? 14),
    sportsMinOdd: campaign?.sportsMinOdd ?? '1.50',
    weekdays: (campaign?.weekdays ?? []).join(', '),
    timeZone: campaign?.timeZone ?? DEFAULT_TIME_ZONE,
    payout: campaign?.payout ?? 'bonus',
  };
  if (!campaign) {
    for (const type of BONUS_GAME_TYPES) values[`contribution_${type}`] = String(DEFAULT_CONTRIBUTIONS[type] ?? 0);
    return values;
  }
  for (const locale of LOCALES) values[`name_${locale}`] = campaign.names[locale] ?? '';
  for (const name of ['amount', 'minDeposit', 'freeSpinStake', 'gameSlug', 'maxBet'] as const) {
    values[name] = campaign[name] ?? '';
  }
  values.matchPercent = campaign.matchPercent === null ? '' : String(campaign.matchPercent);
  values.freeSpins = campaign.freeSpins === null ? '' : String(campaign.freeSpins);
  values.items = campaign.items.join(', ');
  for (const type of BONUS_GAME_TYPES) values[`contribution_${type}`] = String(campaign.contributions[type] ?? 0);
  for (const currency of CURRENCY_CODES) {
    const line = campaign.currencyAmounts[currency];
    values[`${currency}_amount`] = line?.amount ?? '';
    values[`${currency}_minDeposit`] = line?.minDeposit ?? '';
    values[`${currency}_maxBet`] = line?.maxBet ?? '';
  }
  return values;
}

/** The value of a select among `choices` (the first when the value is none of them). */
function oneOf<const T extends readonly [string, ...string[]]>(choices: T, value: string): T[number] {
  return choices.find((choice) => choice === value) ?? choices[0];
}

/** The api body of the editor's values: empty optional fields are left out (null), numbers are numbers. */
export function campaignBody(values: FormValues): CampaignTermsInput {
  const value = (name: string) => String(values[name] ?? '').trim();
  const optional = (name: string) => value(name) || null;
  const count = (name: string) => (value(name) === '' ? null : Number(value(name)));
  const names: Record<string, string> = {};
  for (const locale of LOCALES) if (value(`name_${locale}`)) names[locale] = value(`name_${locale}`);
  const contributions: Record<string, number> = {};
  for (const type of BONUS_GAME_TYPES) {
    if (value(`contribution_${type}`) !== '') contributions[type] = Number(value(`contribution_${type}`));
  }
  const currencyAmounts: Record<string, Record<string, string>> = {};
  for (const currency of CURRENCY_CODES) {
    const line: Record<string, string> = {};
    for (const field of ['amount', 'minDeposit', 'maxBet'] as const) {
      if (value(`${currency}_${field}`)) line[field] = value(`${currency}_${field}`);
    }
    if (Object.keys(line).length > 0) currencyAmounts[currency] = line;
  }
  return {
    kind: oneOf(BONUS_KINDS, value('kind')),
    trigger: oneOf(BONUS_TRIGGERS, value('trigger')),
    names: { en: '', ...names },
    amount: optional('amount'),
    matchPercent: count('matchPercent'),
    minDeposit: optional('minDeposit'),
    items: value('items')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
    freeSpins: count('freeSpins'),
    freeSpinStake: optional('freeSpinStake'),
    gameSlug: optional('gameSlug'),
    wager: Number(value('wager')),
    maxBet: optional('maxBet'),
    validDays: Number(value('validDays')),
    offerDays: Number(value('offerDays')),
    contributions,
    sportsMinOdd: value('sportsMinOdd'),
    currencyAmounts,
    weekdays: value('weekdays')
      .split(',')
      .map((day) => day.trim())
      .filter(Boolean)
      .map(Number),
    timeZone: value('timeZone') || DEFAULT_TIME_ZONE,
    payout: oneOf(CASHBACK_PAYOUTS, value('payout')),
  };
}

type CampaignEditorProps = {
  /** The campaign to edit; none to create one. */
  campaign?: Campaign;
  /** The campaign as saved, or null when the edit became a request a second marketing member approves. */
  onSaved: (campaign: Campaign | null) => void;
  onCancel?: () => void;
};

/**
 * The campaign editor: type, targeting, names, amounts (and per currency), wagering, contributions per game type, max
 * bet and validity. Saving an existing campaign changes only the offers it makes from then on.
 */
export function CampaignEditor({ campaign, onSaved, onCancel }: CampaignEditorProps) {
  const t = useTranslations('boMarketing');
  const lng = useLocale() as Locale;
  const groups = useMemo<Groups>(() => {
    const e = (key: string, values?: Record<string, string>) => t(`editor.${key}`, values);
    return {
      general: [
        ...(campaign
          ? []
          : [
              {
                ...text('slug', e('slug'), SLUG, true, 60),
                constraints: { pattern: SLUG, minLength: 3, maxLength: 60 },
              },
            ]),
        {
          name: 'kind',
          type: 'select',
          required: true,
          label: e('kind'),
          constraints: {},
          options: BONUS_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
        },
        {
          name: 'trigger',
          type: 'select',
          required: true,
          label: e('trigger'),
          constraints: {},
          options: BONUS_TRIGGERS.map((trigger) => ({ value: trigger, label: t(`triggers.${trigger}`) })),
        },
      ],
      names: LOCALES.map((locale) =>
        text(`name_${locale}`, e('name', { locale: locale.toUpperCase() }), undefined, locale === 'en', 80),
      ),
      terms: [
        text('amount', e('amount'), AMOUNT),
        text('matchPercent', e('matchPercent'), WHOLE),
        text('minDeposit', e('minDeposit'), AMOUNT),
        text('items', e('items'), AMOUNTS, false, 200),
        text('freeSpins', e('freeSpins'), WHOLE),
        text('freeSpinStake', e('freeSpinStake'), AMOUNT),
        text('gameSlug', e('gameSlug'), undefined, false, 100),
        text('wager', e('wager'), PERCENT, true),
        text('maxBet', e('maxBet'), AMOUNT),
        text('validDays', e('validDays'), PERCENT, true),
        text('offerDays', e('offerDays'), PERCENT, true),
        text('sportsMinOdd', e('sportsMinOdd'), ODD, true),
        text('weekdays', e('weekdays'), WEEKDAYS, false, 30),
        text('timeZone', e('timeZone'), TIME_ZONE, true, 64),
        {
          name: 'payout',
          type: 'select',
          required: true,
          label: e('payout'),
          constraints: {},
          options: CASHBACK_PAYOUTS.map((payout) => ({ value: payout, label: t(`payouts.${payout}`) })),
        },
      ],
      contributions: BONUS_GAME_TYPES.map((type) =>
        text(`contribution_${type}`, e('contribution', { type: t(`gameTypes.${type}`) }), PERCENT),
      ),
      currencies: CURRENCY_CODES.flatMap((currency) => [
        text(`${currency}_amount`, e('currencyAmount', { currency }), AMOUNT),
        text(`${currency}_minDeposit`, e('currencyMinDeposit', { currency }), AMOUNT),
        text(`${currency}_maxBet`, e('currencyMaxBet', { currency }), AMOUNT),
      ]),
    };
  }, [t, campaign]);
  const fields = useMemo(() => Object.values(groups).flat(), [groups]);
  const form = useForm(fields, {
    initial: startingValues(campaign),
    onSubmit: async (values) => {
      const body = campaignBody(values);
      const saved = campaign
        ? await updateCampaign(lng, campaign.id, body)
        : await createCampaign(lng, { ...body, slug: String(values.slug ?? '').trim() });
      onSaved('campaign' in saved ? saved.campaign : null);
    },
  });

  const group = (key: keyof Groups, legend: string): ReactNode => (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <FormFields form={form} fields={groups[key]} />
    </fieldset>
  );

  return (
    <form className={formStyles.form} noValidate onSubmit={form.submit}>
      <FormError message={form.formError} />
      {campaign ? <p className={styles.note}>{t('editor.editNote')}</p> : null}
      {group('general', t('editor.general'))}
      {group('names', t('editor.names'))}
      {group('terms', t('editor.terms'))}
      {group('contributions', t('editor.contributions'))}
      {group('currencies', t('editor.currencies'))}
      <div className={styles.actions}>
        <SubmitButton busy={form.submitting} busyLabel={t('editor.saving')}>
          {campaign ? t('editor.save') : t('editor.create')}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className={buttons.secondary} onClick={onCancel}>
            {t('editor.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
