'use client';

import { PROFILE_TABS, type ProfileTab } from '@playhouse/shared/contracts/accounts';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { fetchTabDisplaySettings, TAB_SETTINGS_PATH } from '@/lib/account/account-api';
import { PLAYER_LIST_PATHS } from '@/lib/account/player-paths';
import { SWR_OPTIONS } from '@/lib/swr-options';

/** Where each tab of the account area leads. */
export const ACCOUNT_TAB_PATHS: Record<ProfileTab, string> = {
  cashbox: '/cashbox',
  profile: '/profile',
  bonuses: '/bonuses',
  transactions: '/transactions',
  withdrawals: '/withdrawals',
  ...PLAYER_LIST_PATHS,
  responsibleGaming: '/responsible-gaming',
  verification: '/verification',
  statement: '/statement',
};

/** The tabs' names, from the namespaces every page has. */
export function useAccountTabLabels(): Record<ProfileTab, string> {
  const t = useTranslations('accountMenu');
  const tb = useTranslations('bonuses');
  const tSafe = useTranslations('safePlay');
  return {
    cashbox: t('deposit'),
    profile: t('profile'),
    bonuses: tb('page.menuLink'),
    transactions: t('transactions'),
    withdrawals: t('withdrawals'),
    myBets: t('myBets'),
    favourites: t('favourites'),
    recentlyPlayed: t('recentlyPlayed'),
    responsibleGaming: tSafe('menu.responsibleGaming'),
    verification: tSafe('menu.verification'),
    statement: tSafe('menu.statement'),
  };
}

/** The player's tab settings; until they arrive (or when they cannot), every tab shows. */
export function useAccountTabs(lng: Locale) {
  const answer = useSWR([TAB_SETTINGS_PATH, lng], () => fetchTabDisplaySettings(lng), SWR_OPTIONS);
  const tabs = answer.data ?? PROFILE_TABS.map((tab) => ({ tab, visible: true, required: false }));
  return { ...answer, tabs };
}
