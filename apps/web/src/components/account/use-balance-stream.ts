'use client';

import { useEffect } from 'react';
import { balancesReceived } from '@/store/balance-slice';
import { BALANCE_STREAM_PATH, parseBalances } from '@/lib/account/account-api';
import { fetchInitialBalance, refreshBonusBalance, refreshMainBalance } from '@/store/balance-thunks';
import { useAppDispatch } from '@/store/hooks';
import { reportBalanceOutcome } from './report-balance-outcome';

/** Wait before opening the stream again after the api refused it and the balances route still answered. */
export const STREAM_RETRY_MS = 5000;
/** The api sends the balances the moment the stream opens; silence this long means something holds the events back. */
export const FIRST_EVENT_TIMEOUT_MS = 5000;
/** While the stream is held back, the refresh routes are asked this often (only while the page is visible). */
export const FALLBACK_POLL_MS = 1000;

/**
 * Live balances (SPEC.md §4, issue 3 "within a second"): the api's server-sent events (`event: balance`, the
 * /spa/users/balances body) on connect and after every change. The browser reconnects by itself after a network
 * drop; a refused stream (the session ended) is handed to the initial balance request, whose 401 handling signs the
 * browser out. When a proxy on the way buffers the stream (its first event never comes), the balances are polled
 * through the refresh routes of SPEC.md §7.6 until an event does arrive.
 */
export function useBalanceStream(userId: number | string | null | undefined) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (userId === undefined || userId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    let stopped = false;

    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };

    const pollOnce = async () => {
      if (document.visibilityState !== 'visible') return;
      const results = await Promise.all([dispatch(refreshMainBalance()), dispatch(refreshBonusBalance())]);
      // A refresh refused (the session may have ended): the initial request finds out and signs out on a 401.
      if (!stopped && results.some((action) => action.meta.requestStatus === 'rejected')) {
        reportBalanceOutcome(await dispatch(fetchInitialBalance({ force: true })));
      }
    };

    const startPolling = () => {
      if (poll === undefined && !stopped) poll = setInterval(() => void pollOnce(), FALLBACK_POLL_MS);
    };

    const connect = () => {
      const stream = new EventSource(BALANCE_STREAM_PATH);
      source = stream;
      clearTimeout(watchdog);
      watchdog = setTimeout(startPolling, FIRST_EVENT_TIMEOUT_MS);
      stream.addEventListener('balance', (event) => {
        clearTimeout(watchdog);
        stopPolling();
        parseBalances(JSON.parse((event as MessageEvent<string>).data))
          .then((balances) => {
            if (!stopped) dispatch(balancesReceived(balances));
          })
          .catch((error: unknown) => console.warn('Balance stream message ignored', error));
      });
      stream.addEventListener('error', () => {
        if (stopped || stream.readyState !== EventSource.CLOSED) return;
        clearTimeout(watchdog);
        stopPolling();
        void dispatch(fetchInitialBalance({ force: true })).then((action) => {
          reportBalanceOutcome(action);
          if (!stopped) retry = setTimeout(connect, STREAM_RETRY_MS);
        });
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(watchdog);
      stopPolling();
      source?.close();
    };
  }, [userId, dispatch]);
}
