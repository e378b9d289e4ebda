'use client';

import type { OriginalsRound, RotateSeedResponse } from '@playhouse/shared/contracts/casino';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FundingSplit } from '@/components/funding/funding-split';
import { useAction } from '@/components/ui/use-action';
import { fetchOriginalsRounds, rotateOriginalsSeed } from '@/lib/casino/casino-api';
import { fetchRoundReceipts } from '@/lib/receipts/receipts-api';
import { ReceiptButton } from '../receipts/receipt-button';
import styles from './originals-host.module.css';
import { verifyPlayedRound } from './verify';

type Fairness = RotateSeedResponse['fairness'];

/**
 * Provably fair: the hash of the server seed before play, the client seed and the next nonce; rotating reveals the
 * seed, after which every round played with it can be checked here, in the player's own browser.
 */
export function FairnessPanel({
  token,
  currency,
  fairness,
  roundsPlayed,
  onRotated,
  errorText,
}: {
  token: string;
  currency: string;
  fairness: Fairness;
  roundsPlayed: number;
  onRotated: (fairness: Fairness) => void;
  errorText: (error: unknown) => string;
}) {
  const t = useTranslations('casino.originals.fairness');
  const tReceipts = useTranslations('receipts');
  const seedId = useId();
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<RotateSeedResponse['revealed'] | null>(null);
  const [rounds, setRounds] = useState<OriginalsRound[]>([]);
  const [checks, setChecks] = useState<Record<number, boolean>>({});
  const { busy, error, run } = useAction({ errorText });

  useEffect(() => {
    let cancelled = false;
    fetchOriginalsRounds(token)
      .then((list) => {
        if (!cancelled) setRounds(list);
      })
      .catch((failure: unknown) => console.error('originals: the round history could not be loaded', failure));
    return () => {
      cancelled = true;
    };
  }, [token, roundsPlayed, revealed]);

  async function rotate(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const result = await rotateOriginalsSeed(token, clientSeed.trim() || undefined);
      setRevealed(result.revealed);
      setClientSeed('');
      onRotated(result.fairness);
    });
  }

  async function verify(round: OriginalsRound) {
    const ok = await verifyPlayedRound(round);
    setChecks((current) => ({ ...current, [round.id]: ok }));
  }

  return (
    <section className={styles.fairness} aria-labelledby={`${seedId}-title`}>
      <h2 id={`${seedId}-title`}>{t('title')}</h2>
      <p className={styles.hint}>{t('explain')}</p>
      <dl className={styles.seeds}>
        <dt>{t('serverSeedHash')}</dt>
        <dd data-testid="server-seed-hash">{fairness.serverSeedHash}</dd>
        <dt>{t('clientSeed')}</dt>
        <dd>{fairness.clientSeed}</dd>
        <dt>{t('nonce')}</dt>
        <dd>{fairness.nonce}</dd>
      </dl>
      <form className={styles.controls} onSubmit={rotate}>
        <div className={styles.field}>
          <label htmlFor={seedId}>{t('newClientSeed')}</label>
          <input
            id={seedId}
            className={styles.input}
            value={clientSeed}
            maxLength={64}
            pattern="[\w.\-]+"
            onChange={(event) => setClientSeed(event.target.value)}
          />
        </div>
        <button type="submit" className={styles.secondary} disabled={busy}>
          {t('rotate')}
        </button>
      </form>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {revealed ? (
        <dl className={styles.seeds}>
          <dt>{t('revealed')}</dt>
          <dd data-testid="revealed-seed">{revealed.serverSeed}</dd>
          <dd>{t('rounds', { count: revealed.rounds })}</dd>
        </dl>
      ) : null}
      {rounds.length > 0 ? (
        <>
          <h3>{t('history')}</h3>
          <ul className={styles.history}>
            {rounds.map((round) => (
              <li key={round.id}>
                <span>
                  #{round.nonce} · {round.bet} → {round.payout} ({round.multiplier}×)
                </span>
                {round.serverSeed ? (
                  <button
                    type="button"
                    className={styles.secondary}
                    aria-label={t('verifyRound', { nonce: round.nonce })}
                    onClick={() => void verify(round)}
                  >
                    {t('verify')}
                  </button>
                ) : (
                  <span className={styles.hint}>{t('hidden')}</span>
                )}
                {round.receiptRound ? (
                  <ReceiptButton
                    className={styles.secondary}
                    load={() => fetchRoundReceipts('originals', round.receiptRound!)}
                    fileName={`playhouse-round-${round.receiptRound.replace(/[^\w.-]/g, '_')}.json`}
                    label={tReceipts('downloadRound', { nonce: round.nonce })}
                  />
                ) : null}
                {round.funding ? <FundingSplit split={round.funding} currency={currency} /> : null}
                {round.id in checks ? (
                  <span role="status" className={checks[round.id] ? styles.ok : styles.error}>
                    {checks[round.id] ? t('verified') : t('mismatch')}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
