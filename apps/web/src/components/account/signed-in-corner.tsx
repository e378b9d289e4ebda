'use client';

import type { Locale } from '@playhouse/shared/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { Link, usePathname } from '@/i18n/navigation';
import { useDismiss } from '@/components/ui/use-dismiss';
import { formatMoney } from '@/lib/account/money-format';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { User } from '@/store/user-slice';
import { logoutUser } from '@/store/user-thunks';
import { BonusOfferGate } from '@/components/bonuses/bonus-offer-gate';
import { WageringMeter } from '@/components/bonuses/wagering-progress';
import { RealityCheckGate } from '@/components/protection/reality-check-gate';
import styles from './header-account.module.css';
import { ACCOUNT_TAB_PATHS, useAccountTabLabels, useAccountTabs } from './account-tabs';
import { PlayerSync } from './player-sync';

function Balances() {
  const t = useTranslations('accountMenu');
  const locale = useLocale() as Locale;
  const balance = useAppSelector((state) => state.balance);
  const user = useAppSelector((state) => state.userSlice.user);
  const currency = balance.currencyCode || (typeof user?.currency === 'string' ? user.currency : '');
  const loading = balance.mainBalanceLoading || balance.bonusBalanceLoading;

  return (
    <Link href="/cashbox" className={styles.balances} aria-busy={loading}>
      {loading ? (
        <span className={styles.loading}>
          <span className="visually-hidden">{t('loading')}</span>
        </span>
      ) : (
        <>
          <span className={styles.main}>
            <span className="visually-hidden">{t('mainBalance')}</span>{' '}
            {formatMoney(balance.mainBalanceAmount, currency, locale)}
          </span>{' '}
          <span className={styles.bonus}>
            {t('bonusBalance')} {formatMoney(balance.bonusBalanceAmount, currency, locale)}
          </span>
        </>
      )}
    </Link>
  );
}

/**
 * The header corner of a signed-in player: both balances in their currency (SPEC.md §3), the bonus widgets and the
 * account menu with the logout, and the player's automatic actions. Loaded only once a player is signed in.
 */
export function SignedInCorner({ user }: { user: User }) {
  const t = useTranslations('accountMenu');
  const locale = useLocale() as Locale;
  const labels = useAccountTabLabels();
  const { tabs } = useAccountTabs(locale);
  const dispatch = useAppDispatch();
  const router = useRouter();
  const pathname = usePathname();
  // The menu belongs to the page it was opened on: arriving on another path closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const username = typeof user.username === 'string' ? user.username : String(user.login ?? '');

  useDismiss(open, () => setOpenOn(null), rootRef, buttonRef);

  return (
    <div className={styles.account} ref={rootRef}>
      <PlayerSync />
      <Balances />
      <WageringMeter />
      <BonusOfferGate />
      <RealityCheckGate />
      <button
        ref={buttonRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('menu', { username })}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7Z" fill="currentColor" />
        </svg>
      </button>
      <div id={menuId} className={styles.panel} hidden={!open}>
        <p className={styles.username}>{username}</p>
        <ul className={styles.menu}>
          {tabs
            .filter((entry) => entry.visible)
            .map(({ tab }) => (
              <li key={tab}>
                <Link href={ACCOUNT_TAB_PATHS[tab]}>{labels[tab]}</Link>
              </li>
            ))}
          <li>
            <button type="button" onClick={() => void dispatch(logoutUser({ refresh: () => router.refresh() }))}>
              {t('logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
