'use client';

import { useTranslations } from 'next-intl';

type Facts = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;
const record = (value: unknown): Facts => (value && typeof value === 'object' ? (value as Facts) : {});

/** The main facts of a verified receipt, as a description list (the whole payload is in the file). */
export function ReceiptFacts({ facts }: { facts: Facts }) {
  const t = useTranslations('receipts');
  const bet = record(facts.bet);
  const round = record(facts.round);
  const money = record(facts.money);
  const result = record(facts.result);
  const event = text(facts.event);
  const rows: [string, string | null][] = [
    [t('facts.event'), event && t.has(`events.${event}`) ? t(`events.${event}`) : event],
    [t('facts.issuedAt'), text(facts.issuedAt)],
    [t('facts.player'), text(facts.player) ? `#${text(facts.player)}` : null],
    [t('facts.bet'), text(bet.id)],
    [t('facts.stake'), text(bet.stake) ? `${text(bet.stake)} ${text(bet.currency) ?? ''}`.trim() : null],
    [t('facts.odds'), text(bet.totalOdd)],
    [t('facts.round'), text(round.roundId) ? `${text(round.provider) ?? ''} ${text(round.roundId)}`.trim() : null],
    [t('facts.game'), text(round.game)],
    [
      t('facts.money'),
      text(money.main) ? `${text(money.main)} ${text(money.currency) ?? ''} (${text(money.kind) ?? ''})`.trim() : null,
    ],
    [t('facts.transfer'), text(money.transferId) ? `#${text(money.transferId)}` : null],
    [t('facts.result'), text(result.status)],
  ];
  return (
    <dl>
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
