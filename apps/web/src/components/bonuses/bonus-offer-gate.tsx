'use client';

import { HIDDEN_POPUP_PATHS } from '@playhouse/shared/constants';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { usePathname } from '@/i18n/navigation';
import { useAppSelector } from '@/store/hooks';
import { useBonuses, useBonusesChanged } from './use-bonuses';

const BonusOfferDialog = dynamic(() => import('./bonus-offer-dialog').then((module) => module.BonusOfferDialog), {
  ssr: false,
});

/** Offers the player put aside in this browser session: they wait on the bonuses page instead of popping up again. */
const SET_ASIDE_KEY = 'bonusOffersSetAside';

function readSetAside(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SET_ASIDE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Opens the bonus offer screen over the site for a signed-in player with a pending offer (one at a time, oldest
 * first), once the info popup is out of the way, not while a bonus is being wagered (only one can be), and not on
 * hidden routes or the bonuses page (which lists the offers itself). The offers are read again whenever a balance changes, since bonuses follow deposits, bets and grants.
 */
export function BonusOfferGate() {
  const { data, mutate } = useBonuses();
  const changed = useBonusesChanged();
  const pathname = usePathname();
  const infoPopupOpen = useAppSelector((state) => state.infoPopup.showInfoPopup);
  const main = useAppSelector((state) => state.balance.mainBalanceAmount);
  const bonus = useAppSelector((state) => state.balance.bonusBalanceAmount);
  const [setAside, setSetAside] = useState(readSetAside);
  // An accepted offer stays on screen (its congratulations) until the player closes it, though the api lists it no more.
  const [pinned, setPinned] = useState<NonNullable<typeof data>['offers'][number] | null>(null);

  const balancesSeen = useRef(false);
  useEffect(() => {
    if (!balancesSeen.current) {
      balancesSeen.current = true;
      return;
    }
    void mutate();
  }, [main, bonus, mutate]);

  const hiddenHere = pathname === '/bonuses' || HIDDEN_POPUP_PATHS.some((path) => pathname.includes(path));
  const next = data?.offers.find((offer) => !setAside.includes(offer.id)) ?? null;
  const offer = pinned ?? (infoPopupOpen || hiddenHere || data?.active ? null : next);
  if (!offer) return null;

  const close = () => {
    const ids = [...setAside, offer.id];
    sessionStorage.setItem(SET_ASIDE_KEY, JSON.stringify(ids));
    setSetAside(ids);
    setPinned(null);
  };

  return (
    <BonusOfferDialog
      key={offer.id}
      offer={offer}
      onAccepted={(accepted) => {
        setPinned(offer);
        changed(accepted);
      }}
      onRejected={() => {
        close();
        changed();
      }}
      onClose={close}
    />
  );
}
