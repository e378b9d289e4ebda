import { IntlMessageFormat } from 'intl-messageformat';
import type { InfoPopupLabels } from '@/components/layout/info-popup';
import type { TopOfferLabels } from '@/components/sports/top-offer/top-offer-block';
import { oddsFormatLabels } from '@/components/sports/odds/odds-format-labels';
import { pluralTexts } from '@/i18n/plural-texts';
import type { Messages } from '@playhouse/shared/contracts/content';
import { seededMessages } from './messages';

type TestLocale = 'en' | 'de';

/**
 * The seeded texts of one namespace, formatted the way next-intl formats them (ICU, with intl-messageformat, which it
 * uses underneath): what a server component hands a client component.
 */
export function translator(locale: TestLocale, namespace: string) {
  const messages = seededMessages(locale);
  return (key: string, values?: Record<string, string | number>): string => {
    let message: string | Messages | undefined = messages[namespace];
    for (const part of key.split('.')) message = typeof message === 'object' ? message[part] : undefined;
    if (typeof message !== 'string') throw new Error(`No message ${namespace}.${key} in ${locale}`);
    return String(new IntlMessageFormat(message, locale).format(values));
  };
}

export function infoPopupLabels(locale: TestLocale = 'en'): InfoPopupLabels {
  const t = translator(locale, 'infoPopup');
  return { title: t('title'), emailSample: t('emailSample'), dismiss: t('dismiss') };
}

export function chatLauncherLabels(locale: TestLocale = 'en') {
  const t = translator(locale, 'chat');
  return { open: t('open'), loading: t('loading') };
}

export function topOfferLabels(locale: TestLocale = 'en'): TopOfferLabels {
  const t = translator(locale, 'sports');
  return {
    title: t('topOffer'),
    sports: t('sports'),
    oddsFormat: oddsFormatLabels(t),
    live: t('browse.live'),
    allSports: t('browse.allSports'),
    versus: t('versus', { team1: '{team1}', team2: '{team2}' }),
    hotOdds: t('hotOdds'),
    oddContext: t('oddContext', { teams: '{teams}', market: '{market}' }),
    moreMarketsFor: pluralTexts(locale, (count) => t('moreMarketsFor', { count, teams: '{teams}' })),
  };
}

export function languageListLabels(locale: TestLocale, language: string) {
  const t = translator(locale, 'languageList');
  return { current: t('current', { language }), toggle: t('toggle', { language }), list: t('label') };
}

export function sideMenuLabels(locale: TestLocale = 'en') {
  const t = translator(locale, 'sideMenu');
  return { open: t('open'), title: t('title'), close: t('close') };
}
