import type { Db } from '@playhouse/db';
import type { ReceiptCheck } from '@playhouse/shared';
import { formatAmount } from '../../lib/amounts';
import { NotFoundError } from '../../lib/errors';
import { roundFairnessForReceipt } from '../originals/originals-queries';
import { sharedSlipFairnessForReceipt } from '../originals/shared-table-queries';
import { betForReceipt } from '../sports/bet-service';
import { playerTransfersMatching, type PlayerTransfer } from '../wallet/ledger-queries';
import { RECEIPT_FORMAT, signReceipt, verifyReceipt, type ReceiptDocument, type ReceiptFacts } from './receipt-crypto';
import type { ReceiptKeys } from './receipt-keys';
import { insertReceipts, issuedReceipt, receiptEventKeys, receiptsAbout } from './receipt-queries';

/** The money movements of a bet and what each one is, as its receipt names it. */
const SPORTS_EVENTS: Record<string, string> = {
  sports_stake: 'placement',
  sports_payout: 'settlement',
  sports_void: 'void',
  sports_reversal: 're-settlement',
  sports_cash_out: 'cash-out',
};
const CASINO_EVENTS: Record<string, string> = { casino_bet: 'bet', casino_win: 'win', casino_rollback: 'rollback' };

interface PendingEvent {
  eventKey: string;
  event: string;
  transferId: number | null;
  facts: ReceiptFacts;
}

type ReceiptValue = ReceiptFacts[string];

function money(transfer: PlayerTransfer): ReceiptValue {
  return {
    transferId: transfer.id,
    kind: transfer.kind,
    at: transfer.createdAt.toISOString(),
    currency: transfer.currency,
    main: formatAmount(transfer.main, transfer.currency),
    bonus: formatAmount(transfer.bonus, transfer.currency),
  };
}

export type ReceiptService = ReturnType<typeof createReceiptService>;

/**
 * Receipts of bets and casino rounds: the facts of each money movement (placement, settlement, void, re-settlement;
 * a round's bet, win, rollback) and of a result that moved no money (a lost bet), read from the ledger and the bet
 * or round, signed once with the current key and kept: asked again, the player gets the same bytes. Issued when the
 * player (or staff) first asks for them; the facts come from rows that never change, so a receipt issued later says
 * what one issued at the moment would have said.
 */
export function createReceiptService({
  db,
  keys,
  issuer,
  now = () => new Date(),
}: {
  db: Db;
  keys: ReceiptKeys;
  /** Who issues the receipts: the site's origin. */
  issuer: string;
  now?: () => Date;
}) {
  async function issue(userId: number, subject: string, events: PendingEvent[]): Promise<ReceiptDocument[]> {
    const have = await receiptEventKeys(db, userId, subject);
    const missing = events.filter((event) => !have.has(event.eventKey));
    if (missing.length > 0) {
      const key = await keys.signing();
      const issuedAt = now().toISOString();
      const rows = missing.map((event) => {
        const document = signReceipt(
          { format: RECEIPT_FORMAT, issuer, issuedAt, player: userId, event: event.event, ...event.facts },
          key,
        );
        return {
          userId,
          subject,
          eventKey: event.eventKey,
          event: event.event,
          transferId: event.transferId,
          keyId: key.id,
          payload: document.payload,
          signature: document.signature,
        };
      });
      // Two requests racing for the same receipt: the first one stays, the other's signature is dropped.
      await insertReceipts(db, rows);
    }
    const rows = await receiptsAbout(db, userId, subject);
    return rows.map((row) => ({
      format: RECEIPT_FORMAT,
      keyId: row.keyId,
      payload: row.payload,
      signature: row.signature,
    }));
  }

  return {
    issuer,

    /** Every receipt of one of the player's bets, oldest first (issuing those not issued yet). */
    async forBet(userId: number, betId: string): Promise<ReceiptDocument[]> {
      const found = await betForReceipt(db, userId, betId);
      if (!found) throw new NotFoundError('There is no such bet.');
      const { bet, settlementVersion } = found;
      const facts: ReceiptFacts = {
        subject: 'sports_bet',
        bet: {
          id: bet.id,
          kind: bet.kind,
          stake: bet.stake,
          currency: bet.currency,
          totalOdd: bet.totalOdd,
          potentialPayout: bet.potentialPayout,
          placedAt: bet.placedAt,
          selections: bet.selections.map((selection) => ({
            matchId: selection.matchId,
            startsAt: new Date(selection.matchDateTimeUTC).toISOString(),
            sport: selection.sportName,
            tournament: selection.tournamentName,
            teams: selection.matchTeams.map((team) => team.teamName),
            market: selection.betName,
            outcome: selection.providerBetOutcomeId,
            odd: selection.odd,
          })),
        },
      };
      const transfers = await playerTransfersMatching(db, userId, Object.keys(SPORTS_EVENTS), { betId: bet.id });
      const events: PendingEvent[] = transfers.map((transfer) => ({
        eventKey: `transfer:${transfer.id}`,
        event: SPORTS_EVENTS[transfer.kind]!,
        transferId: transfer.id,
        facts: { ...facts, money: money(transfer) },
      }));
      // A lost bet moves no money at its settlement: its result gets a receipt of its own.
      if (bet.status === 'lost' && bet.settledAt) {
        events.push({
          eventKey: `result:${settlementVersion}`,
          event: 'settlement',
          transferId: null,
          facts: {
            ...facts,
            result: {
              status: 'lost',
              payout: bet.payout ?? '0.00',
              settledAt: bet.settledAt,
              version: settlementVersion,
            },
          },
        });
      }
      return issue(userId, `sports_bet:${bet.id}`, events);
    },

    /** Every receipt of one of the player's casino rounds at a provider, oldest first. */
    async forRound(userId: number, provider: string, roundId: string): Promise<ReceiptDocument[]> {
      const transfers = await playerTransfersMatching(db, userId, Object.keys(CASINO_EVENTS), { provider, roundId });
      if (transfers.length === 0) throw new NotFoundError('There is no such round.');
      const game = transfers[0]!.metadata.game;
      // An Originals round, or a slip at a shared table (its round's seeds, its own bets).
      const fairness =
        provider === 'originals'
          ? ((await roundFairnessForReceipt(db, roundId)) ?? (await sharedSlipFairnessForReceipt(db, roundId)))
          : null;
      const facts: ReceiptFacts = {
        subject: 'casino_round',
        round: {
          provider,
          roundId,
          game: typeof game === 'string' ? game : null,
          ...(fairness
            ? {
                fairness: {
                  serverSeedHash: fairness.serverSeedHash,
                  clientSeed: fairness.clientSeed,
                  nonce: fairness.nonce,
                  engine: fairness.engine,
                  params: JSON.parse(JSON.stringify(fairness.params)) as ReceiptValue,
                  // A table round replays from its bets and its moves in order: the receipt holds both.
                  ...(fairness.actions
                    ? { actions: JSON.parse(JSON.stringify(fairness.actions)) as ReceiptValue }
                    : {}),
                  outcome: JSON.parse(JSON.stringify(fairness.outcome)) as ReceiptValue,
                },
              }
            : {}),
        },
      };
      const events = transfers.map((transfer) => ({
        eventKey: `transfer:${transfer.id}`,
        event: CASINO_EVENTS[transfer.kind]!,
        transferId: transfer.id,
        facts: { ...facts, money: money(transfer) },
      }));
      return issue(userId, `casino_round:${provider}:${roundId}`, events);
    },

    /**
     * Checks a receipt someone brings: the signature against every key ever published, and whether the api issued
     * exactly this document (it keeps each one it issued).
     */
    async check(document: unknown): Promise<ReceiptCheck> {
      const keyId =
        document && typeof document === 'object' && typeof (document as { keyId?: unknown }).keyId === 'string'
          ? (document as { keyId: string }).keyId
          : undefined;
      const verdict = verifyReceipt(document, await keys.verifying(keyId));
      if (!verdict.valid)
        return { valid: false, reason: verdict.reason, keyId: keyId ?? null, facts: null, issued: null };
      const { payload, signature } = document as ReceiptDocument;
      const row = await issuedReceipt(db, payload, signature);
      return {
        valid: true,
        reason: null,
        keyId: verdict.keyId,
        facts: verdict.facts,
        issued: row ? { receiptId: row.id, userId: row.userId, at: row.createdAt.toISOString() } : null,
      };
    },
  };
}
