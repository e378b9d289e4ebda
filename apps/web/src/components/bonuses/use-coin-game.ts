'use client';

import { SPEC } from '@playhouse/shared/constants';
import type { ActiveBonus, BonusOffer } from '@playhouse/shared/contracts/bonuses';
import type { Locale } from '@playhouse/shared/locales';
import { useLocale } from 'next-intl';
import { useEffect, useReducer, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { acceptBonus, pickCoin } from '@/lib/bonuses/bonuses-api';
import { coinGameReducer, initialCoinGameState } from '@/lib/bonuses/coin-game';
import { revealCoins } from '@/lib/bonuses/coin-reveal';

type CoinGameOptions = {
  onAccepted: (bonus: ActiveBonus) => void;
  /** The shuffle's source of randomness (tests pass their own). */
  random?: () => number;
};

/**
 * The coin game of one offer (SPEC.md §4, §9): a click picks through the api, the reveal follows
 * SPEC.coinRevealDelayMs after the click (or when the api answers, if later), the acceptance SPEC.coinAutoAcceptMs
 * after the reveal. One retry key per offer and call, so a repeated request cannot pick or grant twice.
 */
export function useCoinGame(offer: BonusOffer, { onAccepted, random = Math.random }: CoinGameOptions) {
  const locale = useLocale() as Locale;
  const [state, dispatch] = useReducer(coinGameReducer, initialCoinGameState);
  const keys = useRef<{ pick?: string; accept?: string }>({});
  const pickStarted = useRef(false);
  const latest = useRef({ onAccepted, random, offer, locale });
  useEffect(() => {
    latest.current = { onAccepted, random, offer, locale };
  });

  const pick = (index: number) => {
    // The reducer ignores a second click too; this keeps it from reaching the api.
    if (pickStarted.current) return;
    pickStarted.current = true;
    dispatch({ type: 'pick', index });
    keys.current.pick ??= newIdempotencyKey();
    pickCoin(locale, offer.id, keys.current.pick).then(
      (answer) => {
        const items = answer.items.length > 0 ? answer.items : latest.current.offer.items;
        const coins = revealCoins(items, answer.pickedAmount, index, latest.current.random);
        dispatch({ type: 'picked', amount: answer.pickedAmount, coins });
      },
      (error: unknown) => {
        pickStarted.current = false;
        dispatch({ type: 'pickFailed', error });
      },
    );
  };

  const picking = state.phase === 'picking';
  useEffect(() => {
    if (!picking) return;
    const timer = setTimeout(() => dispatch({ type: 'revealDue' }), SPEC.coinRevealDelayMs);
    return () => clearTimeout(timer);
  }, [picking]);

  const revealed = state.phase === 'revealed';
  useEffect(() => {
    if (!revealed) return;
    const timer = setTimeout(() => dispatch({ type: 'acceptDue' }), SPEC.coinAutoAcceptMs);
    return () => clearTimeout(timer);
  }, [revealed]);

  const accepting = state.phase === 'accepting';
  useEffect(() => {
    if (!accepting) return;
    let live = true;
    const { offer: current, locale: language } = latest.current;
    keys.current.accept ??= newIdempotencyKey();
    acceptBonus(language, current.id, keys.current.accept).then(
      ({ bonus }) => {
        if (!live) return;
        dispatch({ type: 'accepted', bonus });
        latest.current.onAccepted(bonus);
      },
      (error: unknown) => {
        if (live) dispatch({ type: 'acceptFailed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [accepting]);

  /** After a failed acceptance: the player receives the bonus by hand. */
  const retryAccept = () => dispatch({ type: 'acceptDue' });

  return { state, pick, retryAccept };
}
