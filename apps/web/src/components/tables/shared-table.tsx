'use client';

import { BACCARAT_BETS, hashServerSeed, pocketName, playFairTableRound, tableToJson } from '@playhouse/games';
import type { OriginalsSession } from '@playhouse/shared/contracts/casino';
import type { SharedRound, SharedSlip, SharedTableState } from '@playhouse/shared/contracts/tables';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatAmount } from '@/components/originals/format';
import { fetchSharedSlips, fetchSharedTable, placeSharedBets, sharedTableStreamUrl } from '@/lib/casino/casino-api';
import { BaccaratBets } from './baccarat-table';
import type { Stakes } from './bet-spots';
import { CardRow } from './playing-card';
import { colorOf, RouletteBoard, type PlacedRouletteBet } from './roulette-board';
import { isBaccaratView, isRouletteView } from './views';
import styles from './tables.module.css';

/** Seconds from now until an instant of the server's clock, corrected by how far the two clocks are apart. */
function secondsUntil(instant: string, offsetMs: number): number {
  return Math.max(0, Math.ceil((new Date(instant).getTime() - (Date.now() + offsetMs)) / 1000));
}

/** The outcome a round shows once public: the pocket or the coup. */
function Outcome({ round, game }: { round: SharedRound; game: 'roulette-european' | 'baccarat' }) {
  const t = useTranslations('tables');
  const outcome = round.outcome;
  if (game === 'roulette-european' && isRouletteView(outcome)) {
    const color = colorOf(outcome.pocket);
    return (
      // The round's result heads what follows it (the slips it paid), big on the felt.
      <h3 className={styles.bigNumber} data-testid="shared-outcome">
        {t('roulette.landed', { number: pocketName(outcome.pocket), color: t(`roulette.colors.${color}`) })}
      </h3>
    );
  }
  if (game === 'baccarat' && isBaccaratView(outcome)) {
    return (
      <div className={styles.hands} data-testid="shared-outcome">
        <div className={styles.area}>
          <h3>{t('baccarat.hand', { side: t('baccarat.player'), total: outcome.playerTotal })}</h3>
          <CardRow cards={outcome.player} label={t('baccarat.player')} />
        </div>
        <div className={styles.area}>
          <h3>{t('baccarat.hand', { side: t('baccarat.banker'), total: outcome.bankerTotal })}</h3>
          <CardRow cards={outcome.banker} label={t('baccarat.banker')} />
        </div>
        <p>{t(`baccarat.winner.${outcome.winner}`, { player: outcome.playerTotal, banker: outcome.bankerTotal })}</p>
      </div>
    );
  }
  return null;
}

/** What a round's phase says, once per change (the countdown itself is not read out every second). */
function usePhaseText() {
  const t = useTranslations('tables.shared');
  return (round: SharedRound | null): string => {
    if (!round) return t('waiting');
    if (round.status === 'betting') return t('bettingOpen', { number: round.number });
    if (round.status === 'closed') return t('noMoreBets', { number: round.number });
    return t('result', { number: round.number });
  };
}

/**
 * A shared table: the same round for everyone seated, on the table's clock. The state comes over the table's event
 * stream (every step at the same moment for every player); the player places one bet slip per round and reads what
 * it paid once the result is public.
 */
export function SharedTable({
  lng,
  session,
  onBalance,
  onError,
}: {
  lng: Locale;
  session: OriginalsSession;
  onBalance: (balance: string) => void;
  onError: (failure: unknown) => void;
}) {
  const t = useTranslations('tables');
  const phaseText = usePhaseText();
  const game = session.game.config === 'baccarat' ? 'baccarat' : 'roulette-european';
  const slug = session.game.slug;
  const [table, setTable] = useState<SharedTableState | null>(null);
  const [offsetMs, setOffsetMs] = useState(0);
  const [, setTick] = useState(0);
  const [rouletteBets, setRouletteBets] = useState<PlacedRouletteBet[]>([]);
  const [stakes, setStakes] = useState<Stakes>({});
  const [slips, setSlips] = useState<SharedSlip[]>([]);
  const [busy, setBusy] = useState(false);
  const [checks, setChecks] = useState<Record<number, boolean>>({});
  const lastStatus = useRef('');
  const money = (amount: string) => formatAmount(amount, session.currency, lng);

  const refreshSlips = useCallback(() => {
    fetchSharedSlips(session.token)
      .then((answer) => {
        setSlips(answer.slips);
        onBalance(answer.balance);
      })
      .catch(onError);
  }, [session.token, onBalance, onError]);

  const receive = useCallback(
    (state: SharedTableState) => {
      setOffsetMs(new Date(state.serverTime).getTime() - Date.now());
      setTable(state);
      const status = state.round ? `${state.round.id}:${state.round.status}` : '';
      if (status !== lastStatus.current) {
        lastStatus.current = status;
        if (state.round?.status === 'result' || state.round?.status === 'betting') refreshSlips();
      }
    },
    [refreshSlips],
  );

  useEffect(() => {
    let closed = false;
    fetchSharedTable(slug)
      .then((state) => {
        if (!closed) receive(state);
      })
      .catch(onError);
    const source = new EventSource(sharedTableStreamUrl(slug));
    source.addEventListener('table', (event) => {
      receive(JSON.parse((event as MessageEvent<string>).data) as SharedTableState);
    });
    // The countdown moves every second between the clock's steps.
    const timer = setInterval(() => setTick((count) => count + 1), 1000);
    return () => {
      closed = true;
      source.close();
      clearInterval(timer);
    };
  }, [slug, receive, onError]);

  const round = table?.round ?? null;
  const mine = round ? slips.find((slip) => slip.roundId === round.id) : undefined;
  // The player's slip of this round, or else what their last round paid (it stays in view into the next round).
  const shownSlip = mine ?? slips.find((slip) => slip.settlement !== null);
  const betting = round?.status === 'betting' && secondsUntil(round.bettingClosesAt, offsetMs) > 0;
  const baccaratBets = BACCARAT_BETS.filter((kind) => stakes[kind]).map((kind) => ({ kind, stake: stakes[kind]! }));
  const bets = game === 'roulette-european' ? rouletteBets.map((placed) => placed.bet) : baccaratBets;

  async function place() {
    if (!round) return;
    setBusy(true);
    try {
      const answer = await placeSharedBets(
        session.token,
        game === 'roulette-european'
          ? { game, roundId: round.id, bets: { bets: rouletteBets.map((placed) => placed.bet) } }
          : { game, roundId: round.id, bets: { bets: baccaratBets } },
      );
      setSlips((current) => [answer.slip, ...current.filter((slip) => slip.roundId !== answer.slip.roundId)]);
      onBalance(answer.balance);
    } catch (failure) {
      onError(failure);
    } finally {
      setBusy(false);
    }
  }

  async function verify(result: SharedRound) {
    if (!result.serverSeed || !result.outcome) return;
    const hashOk = (await hashServerSeed(result.serverSeed)) === result.serverSeedHash;
    const replay = await playFairTableRound(
      { serverSeed: result.serverSeed, clientSeed: result.clientSeed, nonce: 0 },
      game === 'baccarat'
        ? { game, bets: { bets: [{ kind: 'banker', stake: 1n }] }, actions: [] }
        : { game, bets: { bets: [{ kind: 'red', stake: 1n }] }, actions: [] },
    );
    const same = JSON.stringify(sorted(tableToJson(replay.view))) === JSON.stringify(sorted(result.outcome));
    setChecks((current) => ({ ...current, [result.id]: hashOk && same }));
  }

  const countdown = !round
    ? ''
    : round.status === 'betting'
      ? t('shared.betting', { seconds: secondsUntil(round.bettingClosesAt, offsetMs) })
      : round.status === 'closed'
        ? t('shared.closed')
        : t('shared.nextRound', { seconds: secondsUntil(round.nextRoundAt, offsetMs) });

  return (
    <section className={styles.table} data-testid="shared-table">
      <p className={styles.hint}>{t('shared.explain')}</p>
      <div className={styles.felt}>
        <h2>{round ? t('shared.round', { number: round.number }) : t('shared.waiting')}</h2>
        <p aria-hidden="true" data-testid="shared-countdown">
          {countdown}
        </p>
        <p role="status" data-testid="shared-phase">
          {phaseText(round)}
        </p>
        {round?.status === 'result' ? <Outcome round={round} game={game} /> : null}
        {round ? <p className={styles.hint}>{t('shared.seedHash', { hash: round.serverSeedHash })}</p> : null}
      </div>
      {shownSlip ? (
        <p role="status" data-testid="shared-slip">
          {shownSlip.settlement
            ? Number(shownSlip.settlement.totalPayout) > 0
              ? t('shared.yourResult', {
                  number: shownSlip.roundNumber,
                  payout: money(shownSlip.settlement.totalPayout),
                  stake: money(shownSlip.stake),
                })
              : t('shared.yourLoss', { number: shownSlip.roundNumber, stake: money(shownSlip.stake) })
            : shownSlip.status === 'pending'
              ? t('shared.betsPending', { number: shownSlip.roundNumber })
              : t('shared.betsIn', { number: shownSlip.roundNumber })}
        </p>
      ) : null}
      {game === 'roulette-european' ? (
        <RouletteBoard
          lng={lng}
          currency={session.currency}
          variant="european"
          bets={rouletteBets}
          onChange={setRouletteBets}
          disabled={busy || !betting || Boolean(mine)}
        />
      ) : (
        <BaccaratBets
          lng={lng}
          currency={session.currency}
          stakes={stakes}
          onChange={setStakes}
          disabled={busy || !betting || Boolean(mine)}
        />
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          disabled={busy || !betting || Boolean(mine) || bets.length === 0}
          onClick={() => void place()}
        >
          {t('shared.placeBets')}
        </button>
      </div>
      {table && table.results.length > 0 ? (
        <section className={styles.area} aria-label={t('shared.history')}>
          <h2>{t('shared.history')}</h2>
          <ul className={styles.betList}>
            {table.results.map((result) => (
              <li key={result.id}>
                <span>
                  {t('shared.round', { number: result.number })}:{' '}
                  {game === 'roulette-european' && isRouletteView(result.outcome)
                    ? pocketName(result.outcome.pocket)
                    : isBaccaratView(result.outcome)
                      ? t(`baccarat.${result.outcome.winner}`)
                      : ''}
                </span>
                <button type="button" className={styles.remove} onClick={() => void verify(result)}>
                  {t('shared.verify', { number: result.number })}
                </button>
                {result.id in checks ? (
                  <span role="status">{checks[result.id] ? t('shared.verified') : t('shared.mismatch')}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

/** A value with every object's keys in order, to compare JSON that went through the database. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, sorted(item)]),
    );
  }
  return value;
}
