'use client';

import type { TradingMarket, TradingMatch, TradingSettlement } from '@playhouse/shared/contracts/trading';
import type { Locale } from '@playhouse/shared/locales';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { LoadError } from '@/components/ui/load-error';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useAction } from '@/components/ui/use-action';
import { useAreaErrorText } from '@/components/ui/use-error-text';
import buttons from '@/components/ui/button.module.css';
import { formatDateTime } from '@/lib/account/money-format';
import { changeMarket, changeMatch, fetchTradingMatch, resultMarket, voidMarket } from '@/lib/back-office/trading-api';
import { SWR_OPTIONS } from '@/lib/swr-options';
import styles from './trading.module.css';
import { OfficeTable } from '../office-table';
import layout from '@/components/ui/layout.module.css';

type SelectionResult = 'won' | 'lost' | 'void';
const RESULTS: SelectionResult[] = ['won', 'lost', 'void'];

/** The action a trader asked for, waiting for their confirmation. */
type Pending =
  { kind: 'suspendMatch' | 'resumeMatch' } | { kind: 'suspend' | 'resume' | 'void' | 'settle'; market: TradingMarket };

const FINAL = new Set(['settled', 'void']);

/**
 * A match on the trading desk: its markets with their outcomes and the liability on each, and the trader's actions
 * (suspend or resume the match or a market, settle or re-settle, void), each confirmed in a dialog first. The
 * answer of each action replaces what the page shows.
 */
export function TradingMatchDesk({ lng, matchId, canManage }: { lng: Locale; matchId: number; canManage: boolean }) {
  const t = useTranslations('boTrading');
  const {
    data: match,
    error,
    mutate,
  } = useSWR(['back-office', 'trading-match', lng, matchId], () => fetchTradingMatch(lng, matchId), SWR_OPTIONS);
  const [pending, setPending] = useState<Pending | null>(null);
  const {
    busy,
    error: failure,
    setError: setFailure,
    run,
  } = useAction({ errorText: useAreaErrorText('boTrading.errors') });
  const [notice, setNotice] = useState<string | null>(null);

  const settledNotice = (market: TradingMarket, answer: TradingSettlement) => {
    const lines = [t('done.settled', { market: market.name, settled: answer.settled, resettled: answer.resettled })];
    if (answer.shortfall.length > 0) {
      const amounts = answer.shortfall.map((entry) => `${entry.amount} ${entry.currency}`).join(', ');
      lines.push(t('done.shortfall', { amounts }));
    }
    return lines.join(' ');
  };

  async function perform(action: Pending, results?: Record<number, SelectionResult>) {
    await run(async () => {
      let message: string;
      if (!('market' in action)) {
        const next = await changeMatch(lng, matchId, action.kind === 'suspendMatch' ? 'suspend' : 'resume');
        await mutate(next, { revalidate: false });
        message = t(action.kind === 'suspendMatch' ? 'done.matchSuspended' : 'done.matchResumed');
      } else if (action.kind === 'suspend' || action.kind === 'resume') {
        await changeMarket(lng, action.market.id, action.kind);
        await mutate();
        message = t(action.kind === 'suspend' ? 'done.suspended' : 'done.resumed', { market: action.market.name });
      } else {
        const { market } = action;
        const answer =
          action.kind === 'void'
            ? await voidMarket(lng, market.id)
            : await resultMarket(lng, market.id, {
                results: market.outcomes.map((outcome) => ({
                  outcomeId: outcome.id,
                  result: results?.[outcome.id] ?? 'lost',
                })),
              });
        await mutate();
        // A change after the market paid out waits for a second trader or risk (the list on the trading page).
        message = 'request' in answer ? t('done.asked', { market: market.name }) : settledNotice(market, answer);
      }
      setNotice(message);
      setPending(null);
    });
  }

  if (error) {
    return <LoadError message={t('match.loadFailed')} retryLabel={t('match.retry')} onRetry={() => void mutate()} />;
  }
  if (!match) return <p role="status">…</p>;

  return (
    <div className={styles.desk}>
      <MatchSummary lng={lng} match={match} />
      {canManage ? (
        <div className={styles.actions}>
          <button type="button" className={buttons.secondary} onClick={() => setPending({ kind: 'suspendMatch' })}>
            {t('match.suspendMatch')}
          </button>
          <button type="button" className={buttons.secondary} onClick={() => setPending({ kind: 'resumeMatch' })}>
            {t('match.resumeMatch')}
          </button>
        </div>
      ) : null}
      <p className={styles.notice} role="status">
        {notice}
      </p>
      {match.marketsList.map((market) => (
        <MarketPanel
          key={market.id}
          market={market}
          canManage={canManage}
          onAction={(kind) => {
            setNotice(null);
            setFailure(null);
            setPending({ kind, market });
          }}
        />
      ))}
      {pending ? (
        <ConfirmDialog
          pending={pending}
          busy={busy}
          failure={failure}
          onCancel={
            busy
              ? null
              : () => {
                  setPending(null);
                  setFailure(null);
                }
          }
          onConfirm={(results) => void perform(pending, results)}
        />
      ) : null}
    </div>
  );
}

function MatchSummary({ lng, match }: { lng: Locale; match: TradingMatch }) {
  const t = useTranslations('boTrading');
  return (
    <div>
      <p className={styles.state}>
        {t('match.summary', {
          sport: match.sportName,
          tournament: match.tournamentName,
          startsAt: formatDateTime(match.startsAt, lng),
          status: t(`matchStatus.${match.status}`),
        })}
      </p>
      {match.result ? <p className={styles.state}>{t('match.score', match.result)}</p> : null}
    </div>
  );
}

function MarketPanel({
  market,
  canManage,
  onAction,
}: {
  market: TradingMarket;
  canManage: boolean;
  onAction: (kind: 'suspend' | 'resume' | 'void' | 'settle') => void;
}) {
  const t = useTranslations('boTrading');
  const headingId = useId();
  const final = FINAL.has(market.status);
  const state = [
    t(`marketStatus.${market.status}`),
    market.traderHold ? t('match.held') : null,
    market.resultedBy !== null ? t('match.resultedByTrader') : null,
  ].filter(Boolean);
  return (
    <section className={styles.market} aria-labelledby={headingId}>
      <div className={`${layout.spread} ${layout.baseline} ${styles.marketHead}`}>
        <h2 id={headingId}>{market.name}</h2>
        <p className={styles.state}>{state.join(' · ')}</p>
      </div>
      <OfficeTable
        caption={t('match.outcomesCaption', { market: market.name })}
        head={
          <>
            <th scope="col">{t('match.outcome')}</th>
            <th scope="col">{t('match.odd')}</th>
            <th scope="col">{t('match.outcomeStatus')}</th>
            <th scope="col">{t('match.outcomeResult')}</th>
            <th scope="col">{t('match.liability')}</th>
          </>
        }
      >
        {market.outcomes.map((outcome) => (
          <tr key={outcome.id}>
            <th scope="row">{outcome.label}</th>
            <td>{outcome.odd.toFixed(2)}</td>
            <td>{t(`marketStatus.${outcome.status}`)}</td>
            <td>{outcome.result ? t(`result.${outcome.result}`) : t('match.none')}</td>
            <td>
              {outcome.liability.length === 0 ? (
                t('match.noLiability')
              ) : (
                <ul className={styles.plain}>
                  {outcome.liability.map((row) => (
                    <li key={row.currency}>{t('match.liabilityValue', row)}</li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </OfficeTable>
      {canManage ? (
        <div className={styles.actions}>
          {final ? null : market.status === 'suspended' ? (
            <button type="button" className={buttons.secondary} onClick={() => onAction('resume')}>
              {t('match.resume', { market: market.name })}
            </button>
          ) : (
            <button type="button" className={buttons.secondary} onClick={() => onAction('suspend')}>
              {t('match.suspend', { market: market.name })}
            </button>
          )}
          <button type="button" className={buttons.secondary} onClick={() => onAction('settle')}>
            {t(final ? 'match.resettle' : 'match.settle', { market: market.name })}
          </button>
          <button type="button" className={buttons.danger} onClick={() => onAction('void')}>
            {t('match.void', { market: market.name })}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function ConfirmDialog({
  pending,
  busy,
  failure,
  onCancel,
  onConfirm,
}: {
  pending: Pending;
  busy: boolean;
  failure: string | null;
  onCancel: (() => void) | null;
  onConfirm: (results?: Record<number, SelectionResult>) => void;
}) {
  const t = useTranslations('boTrading');
  const titleId = useId();
  const fieldId = useId();
  const market = 'market' in pending ? pending.market : null;
  const [results, setResults] = useState<Record<number, SelectionResult>>(() =>
    Object.fromEntries((market?.outcomes ?? []).map((outcome) => [outcome.id, outcome.result ?? 'lost'])),
  );

  const title =
    pending.kind === 'settle'
      ? t('confirm.settleTitle', { market: market!.name })
      : pending.kind === 'suspendMatch'
        ? t('match.suspendMatch')
        : pending.kind === 'resumeMatch'
          ? t('match.resumeMatch')
          : t(`match.${pending.kind}`, { market: market!.name });
  const question =
    pending.kind === 'settle'
      ? t('confirm.settleIntro')
      : market
        ? t(`confirm.${pending.kind}`, { market: market.name })
        : t(`confirm.${pending.kind}`);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(pending.kind === 'settle' ? results : undefined);
  };

  return (
    <ModalDialog labelledBy={titleId} onClose={onCancel} wide={pending.kind === 'settle'}>
      <form className={styles.dialogForm} onSubmit={submit}>
        <h2 id={titleId}>{title}</h2>
        <p>{question}</p>
        {pending.kind === 'settle'
          ? market!.outcomes.map((outcome) => (
              <label key={outcome.id} className={styles.field} htmlFor={`${fieldId}-${outcome.id}`}>
                {t('confirm.resultOf', { outcome: outcome.label })}
                <select
                  id={`${fieldId}-${outcome.id}`}
                  value={results[outcome.id]}
                  onChange={(event) =>
                    setResults((current) => ({ ...current, [outcome.id]: event.target.value as SelectionResult }))
                  }
                >
                  {RESULTS.map((result) => (
                    <option key={result} value={result}>
                      {t(`result.${result}`)}
                    </option>
                  ))}
                </select>
              </label>
            ))
          : null}
        {failure ? <p role="alert">{failure}</p> : null}
        <div className={styles.actions}>
          <button type="submit" className={buttons.primary} disabled={busy}>
            {busy ? t('confirm.working') : t('confirm.confirm')}
          </button>
          <button type="button" className={buttons.secondary} onClick={() => onCancel?.()} disabled={busy}>
            {t('confirm.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
