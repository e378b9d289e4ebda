'use client';

import type { Bet, BetListFilter, BetsResponse } from '@playhouse/shared/contracts/sports';
import type { Locale } from '@playhouse/shared/locales';
import { displayOdd } from '@playhouse/shared/odds';
import { localDateTime } from '@playhouse/shared/sports/top-offer';
import { useTranslations } from 'next-intl';
import type { CashOutOffer } from '@playhouse/shared/contracts/cash-out';
import { useEffect, useState } from 'react';
import { FundingSplit } from '@/components/funding/funding-split';
import { Link } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-error';
import { fetchBetReceipts } from '@/lib/receipts/receipts-api';
import { fetchBets } from '@/lib/sports/sports-api';
import { fetchCashOutOffers } from '@/lib/sports/cash-out-api';
import { ReceiptButton } from '../../receipts/receipt-button';
import { MY_BETS_PATH, matchPath } from '@/lib/sports/match-path';
import { useOddType } from '../odds/use-odd-type';
import { useTimeZone } from '../use-time-zone';
import { CashOut } from './cash-out';
import styles from './my-bets.module.css';

/** How often the cash-out values are asked again while open bets are on screen: they follow the odds. */
const CASH_OUT_POLL_MS = 3_000;

const FILTERS: (BetListFilter | null)[] = [null, 'open', 'settled'];

type Load = { kind: 'loading' } | { kind: 'loaded'; data: BetsResponse } | { kind: 'failed'; code: string };

/** "My bets": the player's bets with a filter (all, open, settled) and pages, newest first. */
export function MyBets({ lng, initialFilter }: { lng: Locale; initialFilter: BetListFilter | null }) {
  const t = useTranslations('sports');
  const errors = useTranslations('errors');
  const [filter, setFilter] = useState(initialFilter);
  const [page, setPage] = useState(1);
  const key = `${filter ?? 'all'}:${page}`;
  const [answer, setAnswer] = useState<{ key: string; load: Load } | null>(null);
  const load: Load = answer?.key === key ? answer.load : { kind: 'loading' };
  const [reloads, setReloads] = useState(0);
  const [cashedOut, setCashedOut] = useState<{ amount: string; currency: string } | null>(null);
  const tCashOut = useTranslations('cashOut');
  const offers = useCashOutOffers(
    load.kind === 'loaded' && load.data.items.some((bet) => bet.status === 'open'),
    reloads,
  );

  useEffect(() => {
    let current = true;
    fetchBets(lng, filter ?? undefined, page)
      .then((data) => {
        if (current) setAnswer({ key, load: { kind: 'loaded', data } });
      })
      .catch((error: unknown) => {
        const code = error instanceof ApiError ? error.code : 'internal_error';
        if (current) setAnswer({ key, load: { kind: 'failed', code } });
      });
    return () => {
      current = false;
    };
  }, [lng, filter, page, key, reloads]);

  const choose = (next: BetListFilter | null) => {
    setFilter(next);
    setPage(1);
    // The filter goes into the address for reloads and links, without asking the server to draw the page again.
    const url = new URL(window.location.href);
    if (next) url.searchParams.set('status', next);
    else url.searchParams.delete('status');
    window.history.replaceState(window.history.state, '', url);
  };
  const pages = load.kind === 'loaded' ? Math.max(1, Math.ceil(load.data.total / load.data.perPage)) : 1;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('myBets.title')}</h1>
      <div className={styles.filters} role="group" aria-label={t('myBets.filter')}>
        {FILTERS.map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            className={styles.filter}
            aria-pressed={filter === value}
            onClick={() => choose(value)}
          >
            {t(`myBets.${value ?? 'all'}`)}
          </button>
        ))}
      </div>
      <div role="status">
        {cashedOut ? (
          <p className={styles.success}>{tCashOut('done', { amount: `${cashedOut.amount} ${cashedOut.currency}` })}</p>
        ) : null}
      </div>
      <div aria-live="polite" aria-busy={load.kind === 'loading'}>
        {load.kind === 'loading' ? <p className={styles.note}>{t('myBets.loading')}</p> : null}
        {load.kind === 'failed' && load.code === 'unauthorized' ? (
          <p className={styles.note}>
            {t('myBets.signIn')}{' '}
            <Link href={{ pathname: '/auth/login', query: { next: MY_BETS_PATH } }}>{t('myBets.login')}</Link>
          </p>
        ) : null}
        {load.kind === 'failed' && load.code !== 'unauthorized' ? (
          <p className={styles.error}>{errors.has(load.code) ? errors(load.code) : errors('internal_error')}</p>
        ) : null}
        {load.kind === 'loaded' && load.data.items.length === 0 ? (
          <p className={styles.note}>{t('myBets.empty')}</p>
        ) : null}
        {load.kind === 'loaded' && load.data.items.length > 0 ? (
          <ul className={styles.list}>
            {load.data.items.map((bet) => (
              <BetCard
                key={bet.id}
                bet={bet}
                lng={lng}
                offer={offers.get(bet.id)}
                onCashedOut={(amount) => {
                  setCashedOut({ amount, currency: bet.currency });
                  setReloads((count) => count + 1);
                }}
              />
            ))}
          </ul>
        ) : null}
      </div>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t('myBets.page', { page, pages })}>
          <button type="button" className={styles.filter} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('myBets.previous')}
          </button>
          <span>{t('myBets.page', { page, pages })}</span>
          <button type="button" className={styles.filter} disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('myBets.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/**
 * The cash-out value of each open bet, asked again every few seconds while open bets are shown and the page is
 * visible (and at once after a cash out): a poll rather than the odds stream, because a player's bets span many
 * matches and the value is theirs alone (stake, odds taken, the sport's margin).
 */
function useCashOutOffers(active: boolean, reloads: number): Map<string, CashOutOffer> {
  const [offers, setOffers] = useState<Map<string, CashOutOffer>>(new Map());
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      if (document.visibilityState === 'hidden') {
        timer = setTimeout(ask, CASH_OUT_POLL_MS);
        return;
      }
      fetchCashOutOffers(controller.signal)
        .then((data) => setOffers(new Map(data.offers.map((offer) => [offer.betId, offer]))))
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) timer = setTimeout(ask, CASH_OUT_POLL_MS);
        });
    };
    ask();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [active, reloads]);
  return offers;
}

function BetCard({
  bet,
  lng,
  offer,
  onCashedOut,
}: {
  bet: Bet;
  lng: Locale;
  offer: CashOutOffer | undefined;
  onCashedOut: (amount: string) => void;
}) {
  const t = useTranslations('sports');
  const tCashOut = useTranslations('cashOut');
  const tReceipts = useTranslations('receipts');
  const [oddType] = useOddType(lng);
  const timeZone = useTimeZone();
  const placed = timeZone ? localDateTime(Date.parse(bet.placedAt), timeZone) : null;
  return (
    <li className={styles.bet}>
      <div className={styles.betHeader}>
        <span className={styles.kind}>{t(`myBets.kind.${bet.kind}`)}</span>
        <span className={`${styles.badge} ${styles[bet.status]}`}>{t(`myBets.status.${bet.status}`)}</span>
      </div>
      {placed ? <p className={styles.note}>{t('myBets.placedAt', { date: placed.date, time: placed.time })}</p> : null}
      <ul className={styles.selections}>
        {bet.selections.map((selection) => {
          const [team1, team2] = selection.matchTeams.map((team) => team.teamName);
          return (
            <li key={selection.outcomeId} className={styles.selection}>
              <Link href={matchPath(selection.matchId)} className={styles.matchLink}>
                {t('versus', { team1: team1 ?? '', team2: team2 ?? '' })}
              </Link>
              <span className={styles.pick}>
                {t('slip.selection', { label: selection.providerBetOutcomeId, market: selection.betName })} ·{' '}
                {displayOdd(selection.odd, oddType)}
              </span>
              {selection.result ? (
                <span className={`${styles.badge} ${styles[selection.result]}`}>
                  {t(`match.outcomeResult.${selection.result}`)}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <dl className={styles.figures}>
        <div>
          <dt>{t('myBets.stake')}</dt>
          <dd>
            {bet.stake} {bet.currency}
          </dd>
        </div>
        <div>
          <dt>{t('myBets.odds')}</dt>
          <dd>{displayOdd(bet.totalOdd, oddType)}</dd>
        </div>
        <div>
          <dt>{bet.payout === null ? t('myBets.potentialPayout') : t('myBets.payout')}</dt>
          <dd>
            {bet.payout ?? bet.potentialPayout} {bet.currency}
          </dd>
        </div>
      </dl>
      {bet.funding ? <FundingSplit split={bet.funding} currency={bet.currency} /> : null}
      {bet.cashedOut ? (
        <p className={styles.note}>
          {tCashOut('cashedOut', {
            stake: `${bet.cashedOut.stake} ${bet.currency}`,
            amount: `${bet.cashedOut.amount} ${bet.currency}`,
          })}
        </p>
      ) : null}
      {bet.status === 'open' && offer ? <CashOut lng={lng} offer={offer} onCashedOut={onCashedOut} /> : null}
      <p className={styles.receipt}>
        <ReceiptButton
          className={styles.filter}
          load={() => fetchBetReceipts(bet.id)}
          fileName={`playhouse-bet-${bet.id}.json`}
          label={tReceipts('downloadBet')}
        />{' '}
        <Link href="/receipts/verify">{tReceipts('verifyLink')}</Link>
      </p>
    </li>
  );
}
