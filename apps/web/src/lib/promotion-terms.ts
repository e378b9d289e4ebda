import type { PromotionTerms } from '@playhouse/shared/contracts/promotions';
import { LOCALE_TAGS, type Locale } from '@playhouse/shared/locales';
import { formatMoney } from '@/lib/account/money-format';

/** A translator of the `promotionTerms` namespace (next-intl's, or a stand-in in tests). */
export type TermsTranslator = (key: string, values?: Record<string, string | number>) => string;

const GAME_TYPE_ORDER = ['slots', 'dice', 'plinko', 'table', 'live', 'sports', 'other'];

/** The campaign's weekdays (ISO 1 Monday ... 7 Sunday) as the locale lists them: "Saturday and Sunday". */
export function weekdayList(weekdays: readonly number[], t: TermsTranslator, locale: Locale): string {
  const names = [...weekdays].sort((a, b) => a - b).map((day) => t(`weekday.${day}`));
  return new Intl.ListFormat(LOCALE_TAGS[locale], { style: 'long', type: 'conjunction' }).format(names);
}

/** The zone as players read it: the city of an IANA name ("Europe/Malta" → "Malta"), underscores as spaces. */
export function zoneLabel(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/**
 * The offer in one line, from the campaign's own figures: "50% up to €100.00", "20 free spins on Lucky Reels",
 * "10% cashback up to €100.00".
 */
export function promotionHeadline(terms: PromotionTerms, t: TermsTranslator, locale: Locale): string {
  const money = (amount: string | null) => (amount === null ? '' : formatMoney(amount, terms.currencyCode, locale));
  switch (terms.kind) {
    case 'deposit_match':
      return terms.amount === null
        ? t('headline.depositMatch', { percent: terms.percent ?? 0 })
        : t('headline.depositMatchCapped', { percent: terms.percent ?? 0, cap: money(terms.amount) });
    case 'free_spins':
      return t('headline.freeSpins', { count: terms.freeSpins ?? 0, game: terms.game?.title ?? '' });
    case 'cashback':
      return terms.amount === null
        ? t('headline.cashback', { percent: terms.percent ?? 0 })
        : t('headline.cashbackCapped', { percent: terms.percent ?? 0, cap: money(terms.amount) });
    case 'free_money':
      return t('headline.freeMoney', { amount: money(terms.amount) });
    case 'coins':
      return t('headline.coins');
  }
}

/**
 * Every term a player needs, each one line, rendered from the campaign's fields through the translations: what it
 * gives, when it is earned, the minimum deposit, the wagering (multiple and days), the max bet, the contributions and
 * how long the offer waits. Nothing here is typed by hand per promotion: the campaign is the one source.
 */
export function promotionTermLines(terms: PromotionTerms, t: TermsTranslator, locale: Locale): string[] {
  const money = (amount: string) => formatMoney(amount, terms.currencyCode, locale);
  const zone = zoneLabel(terms.timeZone);
  const lines: string[] = [];
  const cashbackAsCash = terms.kind === 'cashback' && terms.payout === 'cash';

  if (terms.kind === 'deposit_match') {
    lines.push(
      terms.amount === null
        ? t('line.depositMatch', { percent: terms.percent ?? 0 })
        : t('line.depositMatchCapped', { percent: terms.percent ?? 0, cap: money(terms.amount) }),
    );
  }
  if (terms.kind === 'free_spins') {
    lines.push(
      t('line.freeSpins', {
        count: terms.freeSpins ?? 0,
        stake: terms.freeSpinStake === null ? '' : money(terms.freeSpinStake),
        game: terms.game?.title ?? '',
      }),
    );
  }
  if (terms.kind === 'free_money' && terms.amount !== null)
    lines.push(t('line.freeMoney', { amount: money(terms.amount) }));
  if (terms.kind === 'cashback') {
    lines.push(
      terms.amount === null
        ? t('line.cashback', { percent: terms.percent ?? 0, zone })
        : t('line.cashbackCapped', { percent: terms.percent ?? 0, cap: money(terms.amount), zone }),
    );
    lines.push(t(cashbackAsCash ? 'line.cashbackCash' : 'line.cashbackBonus'));
  }

  if (terms.trigger === 'first_deposit') lines.push(t('line.firstDeposit'));
  if (terms.trigger === 'deposit' && terms.weekdays.length > 0) {
    lines.push(t('line.weekdays', { days: weekdayList(terms.weekdays, t, locale), zone }));
  }
  if (terms.minDeposit !== null && (terms.trigger === 'deposit' || terms.trigger === 'first_deposit')) {
    lines.push(t('line.minDeposit', { amount: money(terms.minDeposit) }));
  }

  if (!cashbackAsCash) {
    lines.push(
      t(terms.kind === 'free_spins' ? 'line.wagerWinnings' : 'line.wager', {
        wager: terms.wager,
        days: terms.validDays,
      }),
    );
    if (terms.maxBet !== null) lines.push(t('line.maxBet', { amount: money(terms.maxBet) }));
    const shares = GAME_TYPE_ORDER.filter((type) => (terms.contributions[type] ?? 0) > 0).map((type) =>
      t('line.contribution', { type: t(`gameType.${type}`), percent: terms.contributions[type] ?? 0 }),
    );
    if (shares.length > 0) {
      lines.push(
        t('line.contributions', {
          list: new Intl.ListFormat(LOCALE_TAGS[locale], { style: 'long', type: 'conjunction' }).format(shares),
        }),
      );
    }
  }
  if (!(terms.kind === 'cashback' && cashbackAsCash)) lines.push(t('line.offerDays', { days: terms.offerDays }));
  return lines;
}
