import type { Db, DbOrTx, Tx } from '@playhouse/db';
import {
  WITHDRAWAL_DETAIL_FIELDS,
  pageWindow,
  type StaffMemberRef,
  type StaffWithdrawal,
  type StaffWithdrawalDetail,
  type StaffWithdrawalsQuery,
  type Withdrawal,
  type WithdrawalStatus,
} from '@playhouse/shared';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { FourEyesError, OwnAccountError } from '../auth/auth-errors';
import type { WalletService } from '../wallet/wallet-service';
import { InsufficientFundsError } from '../wallet/wallet-errors';
import { asCurrency, formatAmount } from '../../lib/amounts';
import { hashedRequest, requestHash } from '../../lib/idempotency';
import { WithdrawalHeldError, WithdrawalStateConflictError } from './cashbox-errors';
import type { Clock } from '../../lib/clock';
import { movementHead } from './movement-view';
import { checkedOffer } from './offers';
import { recordAudit } from '../audit/audit-log';
import { eventsAboutNaming } from '../audit/audit-queries';
import {
  findWithdrawalByKey,
  findWithdrawalWithLogin,
  findWithdrawalWithPlayer,
  insertWithdrawal,
  lockWithdrawal,
  playerWithdrawalPage,
  setOpenWithdrawalsHeld,
  staffLogins,
  staffWithdrawalPage,
  updateWithdrawal,
  withdrawalRequestedSince,
  type WithdrawalRow,
} from './withdrawal-queries';

export { withdrawalRequestedSince };

function toStaffWithdrawal(row: WithdrawalRow, login: string): StaffWithdrawal {
  return {
    ...toWithdrawal(row),
    userId: row.userId,
    login,
    reviewedBy: row.reviewedBy,
    approvedBy: row.approvedBy,
    paidBy: row.paidBy,
    heldAt: row.heldAt?.toISOString() ?? null,
  };
}

/** The staff member reviewing a withdrawal, and the address they act from. */
export interface StaffReviewer {
  id: number;
  ip: string | null;
}

/** Ledger idempotency keys of a withdrawal's movements: each step moves its money once. */
export const withdrawalTransferKey = (id: string, step: 'request' | 'paid' | 'rejected') => `withdrawal:${id}:${step}`;

/** ISO 13616 IBAN: country, check digits, up to 30 alphanumerics, mod-97 check. */
export function ibanValid(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Keeps exactly the details the method kind asks for, validated and normalised. */
function checkedDetails(kind: keyof typeof WITHDRAWAL_DETAIL_FIELDS, details: Record<string, string>) {
  const fields: Record<string, string> = {};
  const clean: Record<string, string> = {};
  for (const name of WITHDRAWAL_DETAIL_FIELDS[kind] as readonly string[]) {
    const value = (details[name] ?? '').trim();
    if (name === 'iban') {
      if (!ibanValid(value)) fields[`details.${name}`] = 'invalid_iban';
      else clean[name] = value.replace(/\s+/g, '').toUpperCase();
    } else if (value.length === 0 || value.length > 100) {
      fields[`details.${name}`] = 'required';
    } else {
      clean[name] = value;
    }
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields, 'Some payout details are invalid.');
  return clean;
}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    ...movementHead(row),
    details: row.details,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    rejectedAt: row.rejectedAt?.toISOString() ?? null,
  };
}

/** A withdrawal about to hold the player's money. */
export interface WithdrawalIntent {
  userId: number;
  currency: string;
  amount: bigint;
  /** The player confirmed giving up the bonus being wagered. */
  forfeitBonus: boolean;
}

/**
 * Runs inside the withdrawal request's transaction, before the ledger accounts are locked and any money moves; it
 * refuses by throwing an AppError, and whatever it did rolls back with a refused or failed request.
 */
export type WithdrawalGuard = (tx: Tx, withdrawal: WithdrawalIntent) => Promise<void>;

/**
 * What a player owes on their sports bets (a re-settlement's shortfall), and how the money of a rejected withdrawal
 * pays it back first: the sportsbook's answers (it owns the bets).
 */
export interface WithdrawalDebts {
  owes(executor: DbOrTx, userId: number): Promise<bigint>;
  recover(tx: Tx, withdrawal: { id: string; userId: number; currency: string }): Promise<bigint>;
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

/**
 * Withdrawals: the request moves the amount from the player's main balance (never the bonus balance) to the house
 * 'withdrawals' hold; staff approve, then mark paid (hold → world) or reject (hold → main). Each step is one
 * transaction that changes the status and moves the money together.
 */
export function createWithdrawalService({
  db,
  clock,
  wallet,
  withdrawalGuard,
}: {
  db: Db;
  clock: Clock;
  /** The one wallet, built by its plugin. */
  wallet: WalletService;
  /** Player protection's check: verification where the jurisdiction asks for it (breaks never hold a payout). */
  withdrawalGuard: (executor: DbOrTx, userId: number) => Promise<void>;
}) {
  const guards: WithdrawalGuard[] = [];
  let debts: WithdrawalDebts = { owes: async () => 0n, recover: async () => 0n };
  /** The answer the request got when it was made; a replay of its key gets exactly that again. */
  function creationResponse(row: WithdrawalRow): Withdrawal {
    return {
      ...toWithdrawal(row),
      status: 'pending',
      reason: null,
      approvedAt: null,
      paidAt: null,
      rejectedAt: null,
    };
  }

  async function staffView(executor: DbOrTx, id: string): Promise<StaffWithdrawal> {
    const row = await findWithdrawalWithLogin(executor, id);
    if (!row) throw new NotFoundError('There is no such withdrawal.');
    return toStaffWithdrawal(row.withdrawal, row.login);
  }

  /** Staff members by id, as the screens name them. */
  async function staffRefs(ids: (number | null)[]): Promise<Map<number, StaffMemberRef>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await staffLogins(db, wanted);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * Moves a withdrawal from one of `from` to `to`, with its ledger movement and an audit row, in one transaction.
   * Four eyes: nobody reviews their own withdrawal, and the staff member who approved one does not also pay it.
   */
  async function transition(
    id: string,
    actor: StaffReviewer,
    step: { from: WithdrawalStatus[]; to: WithdrawalStatus; action: string; reason?: string },
  ): Promise<StaffWithdrawal> {
    await db.transaction(async (tx) => {
      const row = await lockWithdrawal(tx, id);
      if (!row) throw new NotFoundError('There is no such withdrawal.');
      if (row.userId === actor.id) throw new OwnAccountError();
      if (!step.from.includes(row.status)) throw new WithdrawalStateConflictError(row.status, step.action);
      if (step.to === 'paid' && (row.approvedBy === null || row.approvedBy === actor.id)) {
        throw new FourEyesError('A withdrawal is paid by a second staff member: not the one who approved it.');
      }
      // A player who owes part of a payout a corrected result took back is paid nothing until they owe nothing.
      if ((step.to === 'approved' || step.to === 'paid') && (await debts.owes(tx, row.userId)) > 0n) {
        throw new WithdrawalHeldError();
      }
      const now = clock.now();
      if (step.to === 'paid' || step.to === 'rejected') {
        // The held money leaves the house's withdrawals account: out to the world when paid, back when rejected.
        const paid = step.to === 'paid';
        await wallet.transfer(
          {
            idempotencyKey: withdrawalTransferKey(row.id, step.to),
            kind: paid ? 'withdrawal_paid' : 'withdrawal_rejected',
            currency: row.currency,
            legs: [
              { account: { house: 'withdrawals' }, amount: -row.amount },
              { account: paid ? { house: 'world' } : { userId: row.userId, kind: 'main' }, amount: row.amount },
            ],
            metadata: paid
              ? { withdrawalId: row.id, userId: row.userId, actorId: actor.id }
              : { withdrawalId: row.id, actorId: actor.id, reason: step.reason },
          },
          tx,
        );
      }
      await updateWithdrawal(tx, row.id, {
        status: step.to,
        reviewedBy: actor.id,
        ...(step.to === 'approved' ? { approvedAt: now, approvedBy: actor.id } : {}),
        ...(step.to === 'paid' ? { paidAt: now, paidBy: actor.id } : {}),
        ...(step.to === 'rejected' ? { rejectedAt: now, reason: step.reason ?? null } : {}),
        heldAt: null,
      });
      // The money of a rejected withdrawal is back on main: it pays what the player owes first.
      const recovered = step.to === 'rejected' ? await debts.recover(tx, row) : 0n;
      await recordAudit(tx, {
        userId: row.userId,
        actorId: actor.id,
        event: `staff_withdrawal_${step.to}`,
        ip: actor.ip ?? null,
        metadata: {
          withdrawalId: row.id,
          amount: formatAmount(row.amount, row.currency),
          currency: row.currency,
          ...(step.reason ? { reason: step.reason } : {}),
          ...(recovered > 0n ? { shortfallRecovered: formatAmount(recovered, row.currency) } : {}),
        },
        before: { status: row.status, approvedBy: row.approvedBy, held: row.heldAt !== null },
        after: {
          status: step.to,
          approvedBy: step.to === 'approved' ? actor.id : row.approvedBy,
          ...(step.to === 'paid' ? { paidBy: actor.id } : {}),
        },
        at: now,
      });
    });
    return staffView(db, id);
  }

  return {
    requestedSince: withdrawalRequestedSince,

    /** Adds a check every withdrawal request passes (a bonus being wagered, player protection). */
    addGuard(guard: WithdrawalGuard): void {
      guards.push(guard);
    },

    /** The sportsbook's answers on what a player owes (set once, by the sports plugin). */
    addDebts(answers: WithdrawalDebts): void {
      debts = answers;
    },

    /**
     * Holds the player's withdrawals not yet paid for review (a re-settlement left them owing), in the caller's
     * transaction. One a staff member is deciding right now is skipped rather than waited for: the approval and the
     * payout check what the player owes themselves, so the flag is what the queue shows, not the gate.
     */
    async hold(tx: Tx, userId: number): Promise<void> {
      await setOpenWithdrawalsHeld(tx, userId, clock.now());
    },

    /** Lifts the holds once the player owes nothing (a later payout paid the shortfall back). */
    async release(tx: Tx, userId: number): Promise<void> {
      if ((await debts.owes(tx, userId)) > 0n) return;
      await setOpenWithdrawalsHeld(tx, userId, false);
    },

    /**
     * Requests a payout. The status row and the hold on the money are written in one transaction: with too little
     * main balance nothing is written (409 insufficient_funds), and a replayed key answers as the first request did.
     */
    async request(
      user: { id: number; currency: string },
      request: {
        method: string;
        amount: string;
        details: Record<string, string>;
        idempotencyKey: string;
        forfeitBonus?: boolean | undefined;
      },
    ): Promise<Withdrawal> {
      const currency = asCurrency(user.currency);
      const { offer, amount } = await checkedOffer(db, { ...request, currency, direction: 'withdrawal' });
      const details = checkedDetails(offer.kind, request.details);
      const once = hashedRequest(requestHash(['withdrawal', offer.code, amount.toString(), details]), () =>
        findWithdrawalByKey(db, user.id, request.idempotencyKey),
      );
      const existing = await once.earlier();
      if (existing) return creationResponse(existing);
      await withdrawalGuard(db, user.id);
      // Too little main money is said before any guard asks the player to confirm something (the debit checks again).
      const { main } = await wallet.balances(user.id, currency);
      if (main < amount) {
        // A retry that raced its original: the original may have spent the money after this one looked for its key.
        const raced = await once.earlier();
        if (raced) return creationResponse(raced);
        throw new InsufficientFundsError(0, main);
      }

      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const row = await insertWithdrawal(tx, {
          userId: user.id,
          methodCode: offer.code,
          amount,
          currency,
          details,
          idempotencyKey: request.idempotencyKey,
          requestHash: once.hash,
          createdAt: now,
        });
        if (!row) return null;
        const intent = { userId: user.id, currency, amount, forfeitBonus: request.forfeitBonus === true };
        for (const guard of guards) await guard(tx, intent);
        // A player who owes a re-settlement's shortfall may ask; the request waits for review until they owe nothing.
        if ((await debts.owes(tx, user.id)) > 0n) {
          await updateWithdrawal(tx, row.id, { heldAt: now });
        }
        // Only the main account is debited: bonus money cannot leave through a withdrawal.
        await wallet.transfer(
          {
            idempotencyKey: withdrawalTransferKey(row.id, 'request'),
            kind: 'withdrawal_request',
            currency,
            legs: [
              { account: { userId: user.id, kind: 'main' }, amount: -amount },
              { account: { house: 'withdrawals' }, amount },
            ],
            metadata: { withdrawalId: row.id, method: offer.code },
          },
          tx,
        );
        return row;
      });
      return creationResponse((await once.winner(created)).row);
    },

    async listForUser(userId: number, query: { status?: WithdrawalStatus | undefined; page: number; perPage: number }) {
      const { rows, total } = await playerWithdrawalPage(db, userId, query);
      return {
        items: rows.map(toWithdrawal),
        page: query.page,
        perPage: query.perPage,
        total,
      };
    },

    /**
     * The review queue: filtered by status, currency, period and player, sorted by a whitelisted column (ties by
     * id); a CSV export reads the whole filtered result (pageWindow).
     */
    async listForStaff(query: StaffWithdrawalsQuery) {
      const { rows, total } = await staffWithdrawalPage(db, query, pageWindow(query));
      return {
        items: rows.map((row) => toStaffWithdrawal(row.withdrawal, row.login)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One withdrawal with its player, the staff members who acted and its history (from the audit log). */
    async detailForStaff(id: string): Promise<StaffWithdrawalDetail> {
      const row = await findWithdrawalWithPlayer(db, id);
      if (!row) throw new NotFoundError('There is no such withdrawal.');
      const { withdrawal } = row;
      const currency = asCurrency(row.player.currency);
      const [events, balances] = await Promise.all([
        eventsAboutNaming(
          db,
          withdrawal.userId,
          ['staff_withdrawal_approved', 'staff_withdrawal_paid', 'staff_withdrawal_rejected'],
          { key: 'withdrawalId', value: String(withdrawal.id) },
        ),
        wallet.balances(withdrawal.userId, currency),
      ]);
      const rejectedBy = withdrawal.status === 'rejected' ? withdrawal.reviewedBy : null;
      const refs = await staffRefs([
        withdrawal.approvedBy,
        withdrawal.paidBy,
        rejectedBy,
        ...events.map((event) => event.actorId),
      ]);
      const ref = (staffId: number | null) => (staffId === null ? null : (refs.get(staffId) ?? null));
      return {
        withdrawal: toStaffWithdrawal(withdrawal, row.player.email),
        player: { ...row.player, currency, mainBalance: formatAmount(balances.main, currency) },
        approvedBy: ref(withdrawal.approvedBy),
        paidBy: ref(withdrawal.paidBy),
        rejectedBy: ref(rejectedBy),
        history: [
          { event: 'requested' as const, at: withdrawal.createdAt.toISOString(), actor: null, reason: null },
          ...events.map((event) => ({
            event: event.event.replace('staff_withdrawal_', '') as 'approved' | 'paid' | 'rejected',
            at: event.at.toISOString(),
            actor: ref(event.actorId),
            reason: typeof event.metadata.reason === 'string' ? event.metadata.reason : null,
          })),
        ],
      };
    },

    approve: (id: string, actor: StaffReviewer) =>
      transition(id, actor, { from: ['pending'], to: 'approved', action: 'approved' }),

    markPaid: (id: string, actor: StaffReviewer) =>
      transition(id, actor, { from: ['approved'], to: 'paid', action: 'paid' }),

    reject: (id: string, actor: StaffReviewer, reason: string) =>
      transition(id, actor, { from: ['pending', 'approved'], to: 'rejected', action: 'rejected', reason }),
  };
}
