'use client';

import type { StaffLocale } from '@playhouse/shared/contracts/staff-content';
import type { Locale } from '@playhouse/shared/locales';
import { ODD_TYPES, isOddType } from '@playhouse/shared/odds';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import buttons from '@/components/ui/button.module.css';
import { FormError } from '@/components/ui/form-error';
import useSWR from 'swr';
import { useAction } from '@/components/ui/use-action';
import { oddsFormatLabels } from '@/components/sports/odds/odds-format-labels';
import { addLocale, listLocales, setDefaultLocale, setLocaleOddType } from '@/lib/back-office/content-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import { ContentPending } from './content-pending';
import layout from './content.module.css';
import { OfficeTable } from '../office-table';
import { useContentErrorText } from './use-content-error-text';

/** A language named in itself, as the site's language list shows it ("Deutsch", "Español"). */
function nativeName(code: Locale): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

type LocalesPanelProps = {
  lng: Locale;
  /** Whether the staff member may add locales and choose the default. */
  canManage: boolean;
};

/**
 * The site's locales: which are on the site, the default, how much of each is translated, the odds format its visitors
 * see; add one, pick the default, pick a locale's odds format.
 */
export function LocalesPanel({ lng, canManage }: LocalesPanelProps) {
  const t = useTranslations('boContent.locales');
  const tl = useTranslations('boContent.languages');
  const oddTypes = oddsFormatLabels(useTranslations('sports')).types;
  const { busy, error, run } = useAction({ errorText: useContentErrorText() });
  const { data: locales, error: loadError, mutate } = useSWR(['bo-locales', lng], () => listLocales(lng), SWR_OPTIONS);
  const [done, setDone] = useState<string | null>(null);

  const act = (work: () => Promise<StaffLocale[]>, message: string) => {
    setDone(null);
    return run(async () => {
      await mutate(await work(), { revalidate: false });
      setDone(message);
    });
  };

  if (!locales)
    return <ContentPending namespace="boContent.locales" failed={Boolean(loadError)} onRetry={() => void mutate()} />;

  return (
    <div className={layout.panel}>
      <FormError message={error} />
      <div role="status">{done ? <p className={layout.hint}>{done}</p> : null}</div>
      <OfficeTable
        caption={t('caption')}
        head={
          <>
            <th scope="col">{t('language')}</th>
            <th scope="col">{t('code')}</th>
            <th scope="col">{t('state')}</th>
            <th scope="col">{t('translated')}</th>
            <th scope="col">{t('oddType')}</th>
            {canManage ? <th scope="col">{t('actions')}</th> : null}
          </>
        }
      >
        {locales.map((locale) => (
          <tr key={locale.code}>
            <th scope="row">{locale.added ? locale.title : tl(locale.code)}</th>
            <td>{locale.code}</td>
            <td>{!locale.added || !locale.enabled ? t('notOnSite') : locale.isDefault ? t('default') : t('onSite')}</td>
            <td>{t('translatedCount', { translated: locale.translated, total: locale.total })}</td>
            <td>
              {canManage && locale.added && locale.enabled ? (
                <select
                  aria-label={t('oddTypeFor', { language: locale.title })}
                  value={locale.oddType}
                  disabled={busy}
                  onChange={(event) => {
                    const oddType = event.target.value;
                    if (!isOddType(oddType)) return;
                    void act(
                      () => setLocaleOddType(lng, locale.code, oddType),
                      t('oddTypeSet', { language: locale.title, format: oddTypes[oddType] }),
                    );
                  }}
                >
                  {ODD_TYPES.map((oddType) => (
                    <option key={oddType} value={oddType}>
                      {oddTypes[oddType]}
                    </option>
                  ))}
                </select>
              ) : (
                oddTypes[locale.oddType]
              )}
            </td>
            {canManage ? (
              <td>
                {!locale.added || !locale.enabled ? (
                  <button
                    type="button"
                    className={buttons.secondary}
                    disabled={busy}
                    onClick={() =>
                      void act(
                        () => addLocale(lng, { code: locale.code, title: nativeName(locale.code) }),
                        t('added', { language: tl(locale.code) }),
                      )
                    }
                  >
                    {t('add', { language: tl(locale.code) })}
                  </button>
                ) : locale.isDefault ? null : (
                  <button
                    type="button"
                    className={buttons.secondary}
                    disabled={busy}
                    onClick={() =>
                      void act(() => setDefaultLocale(lng, locale.code), t('defaultSet', { language: locale.title }))
                    }
                  >
                    {t('makeDefault', { language: locale.title })}
                  </button>
                )}
              </td>
            ) : null}
          </tr>
        ))}
      </OfficeTable>
    </div>
  );
}
