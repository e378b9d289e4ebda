import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  PSP_SETTLE_OUTCOMES,
  WITHDRAWAL_STATUSES,
  signedAmountSchema,
  type Deposit,
  type PspSessionStatus,
  type StaffWithdrawal,
  type Transaction,
  type WithdrawalStatus,
} from '@playhouse/shared';
import { createMoneyServices, type MoneyServices } from '../money-services';
import { UsageError, stringOption, type CommandInput, type OpsCommand, type OpsTarget } from '../command';
import { directProtection } from './protection';

type DirectTarget = Extract<OpsTarget, { mode: 'direct' }>;

/** The services on the database itself; a settled sandbox payment's webhook is handled in this process. */
function money(target: DirectTarget): MoneyServices {
  return createMoneyServices({
    db: target.db,
    config: { ...target.config, payments: { ...target.config.payments, webhookUrl: undefined } },
    logger: { warn: (details, message) => console.error(message, details) },
    protection: directProtection(target),
  });
}

/** Who acts when the command line works on the database: no signed-in user, so no actor id. */
const DIRECT_ACTOR = { id: null, ip: null };

const uuidSchema = z.uuid();

function uuidArgument(value: string | undefined, what: string): string {
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${what} must be an id like 3f2b…-… (a UUID).`);
  return parsed.data;
}

function pageOption(input: CommandInput): number {
  const text = stringOption(input, 'page') ?? '1';
  const page = Number(text);
  if (!Number.isInteger(page) || page < 1) throw new UsageError('--page must be a whole number from 1.');
  return page;
}

function describeWithdrawal(withdrawal: StaffWithdrawal): string {
  const details = Object.entries(withdrawal.details)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  return [
    `${withdrawal.id}  ${withdrawal.status.padEnd(8)} ${withdrawal.amount} ${withdrawal.currency}`,
    `  player #${withdrawal.userId} ${withdrawal.login}, ${withdrawal.method}${details ? ` (${details})` : ''}`,
    `  requested ${withdrawal.createdAt}` +
      (withdrawal.approvedAt ? `, approved ${withdrawal.approvedAt}` : '') +
      (withdrawal.paidAt ? `, paid ${withdrawal.paidAt}` : '') +
      (withdrawal.rejectedAt ? `, rejected ${withdrawal.rejectedAt}` : '') +
      (withdrawal.reason ? ` — ${withdrawal.reason}` : ''),
  ].join('\n');
}

function describeEntry(entry: Transaction): string {
  return `${entry.createdAt}  ${entry.kind.padEnd(20)} ${entry.account.padEnd(5)} ${entry.amount.padStart(12)}  → ${entry.balanceAfter} ${entry.currency}`;
}

async function reviewWithdrawal(
  input: CommandInput,
  target: OpsTarget,
  action: 'approve' | 'pay' | 'reject',
): Promise<string> {
  const id = uuidArgument(input.positionals[0], 'The withdrawal');
  const reason = stringOption(input, 'reason')?.trim();
  if (action === 'reject' && (!reason || reason.length < 3)) {
    throw new UsageError('Say why with --reason "..." (at least 3 characters).');
  }
  let withdrawal: StaffWithdrawal;
  if (target.mode === 'api') {
    ({ withdrawal } = await target.api.post<{ withdrawal: StaffWithdrawal }>(
      `/spa/staff/withdrawals/${id}/${action}`,
      action === 'reject' ? { reason } : {},
    ));
  } else {
    const { withdrawals } = money(target);
    withdrawal =
      action === 'approve'
        ? await withdrawals.approve(id, DIRECT_ACTOR)
        : action === 'pay'
          ? await withdrawals.markPaid(id, DIRECT_ACTOR)
          : await withdrawals.reject(id, DIRECT_ACTOR, reason!);
  }
  return describeWithdrawal(withdrawal);
}

export const cashboxCommands: OpsCommand[] = [
  {
    name: 'adjust',
    args: '<login> <amount>',
    summary: "Credit (or, with a negative amount, debit) a player's main balance, e.g. adjust alice 25.00 --reason …",
    options: {
      reason: { type: 'string', description: 'why (required; kept with the transfer and in the audit log)' },
      key: {
        type: 'string',
        description: 'idempotency key: running the same adjustment again with it changes nothing',
      },
    },
    run: async (input, target) => {
      const [login, amountText] = input.positionals;
      const amount = signedAmountSchema.safeParse(amountText);
      if (!amount.success) throw new UsageError('The amount is a decimal like 25.00, or -10.00 to debit.');
      const reason = stringOption(input, 'reason')?.trim();
      if (!reason || reason.length < 3) throw new UsageError('Say why with --reason "..." (at least 3 characters).');
      const key = stringOption(input, 'key') ?? `ops-${randomUUID()}`;
      const request = { login: login!, amount: amount.data, reason };
      const adjustment =
        target.mode === 'api'
          ? (
              await target.api.post<{ adjustment: Awaited<ReturnType<MoneyServices['balances']['adjust']>> }>(
                '/spa/staff/adjustments',
                request,
                { 'idempotency-key': key },
              )
            ).adjustment
          : await money(target).balances.adjust({ ...request, idempotencyKey: key, actor: DIRECT_ACTOR });
      const verb = adjustment.amount.startsWith('-') ? 'Debited' : 'Credited';
      return [
        adjustment.replayed
          ? `Already applied with key ${key}: nothing moved again (transfer #${adjustment.transferId}).`
          : `${verb} ${adjustment.amount.replace(/^-/, '')} ${adjustment.currency} (transfer #${adjustment.transferId}).`,
        `Main balance of player #${adjustment.userId} now ${adjustment.mainBalance} ${adjustment.currency}.`,
      ].join('\n');
    },
  },
  {
    name: 'withdrawals',
    args: '',
    summary: 'List withdrawal requests, newest first',
    options: {
      status: { type: 'string', description: `only one status: ${WITHDRAWAL_STATUSES.join(', ')}` },
      page: { type: 'string', description: 'page of 50 (default 1)' },
    },
    run: async (input, target) => {
      const status = stringOption(input, 'status');
      if (status !== undefined && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status)) {
        throw new UsageError(`--status is one of ${WITHDRAWAL_STATUSES.join(', ')}.`);
      }
      const query = { page: pageOption(input), perPage: 50, ...(status ? { status: status as WithdrawalStatus } : {}) };
      const result =
        target.mode === 'api'
          ? await target.api.get<{ items: StaffWithdrawal[]; total: number }>(
              `/spa/staff/withdrawals?${new URLSearchParams({ page: String(query.page), perPage: '50', ...(status ? { status } : {}) })}`,
            )
          : await money(target).withdrawals.listForStaff(query);
      if (result.items.length === 0) return status ? `No ${status} withdrawals.` : 'No withdrawals.';
      return [
        `${result.total} withdrawal(s)${status ? ` ${status}` : ''}, page ${query.page}:`,
        '',
        ...result.items.map(describeWithdrawal),
      ].join('\n');
    },
  },
  {
    name: 'approve-withdrawal',
    args: '<id>',
    summary: 'Approve a pending withdrawal',
    run: (input, target) => reviewWithdrawal(input, target, 'approve'),
  },
  {
    name: 'pay-withdrawal',
    args: '<id>',
    summary: 'Mark an approved withdrawal paid (the held money leaves the house)',
    run: (input, target) => reviewWithdrawal(input, target, 'pay'),
  },
  {
    name: 'reject-withdrawal',
    args: '<id>',
    summary: "Reject a pending or approved withdrawal; the money goes back to the player's main balance",
    options: { reason: { type: 'string', description: 'why (required)' } },
    run: (input, target) => reviewWithdrawal(input, target, 'reject'),
  },
  {
    name: 'ledger',
    args: '<login>',
    summary: "Show a player's balances and ledger entries, newest first",
    options: { page: { type: 'string', description: 'page of 50 (default 1)' } },
    run: async (input, target) => {
      const login = input.positionals[0]!;
      const page = { page: pageOption(input), perPage: 50 };
      const ledger =
        target.mode === 'api'
          ? await target.api.get<Awaited<ReturnType<MoneyServices['balances']['ledger']>>>(
              `/spa/staff/ledger/${encodeURIComponent(login)}?page=${page.page}&perPage=${page.perPage}`,
            )
          : await money(target).balances.ledger(login, page);
      const { user, balances } = ledger;
      return [
        `Player #${user.id} ${user.email} (username ${user.username})`,
        `Main ${balances.main} ${user.currency}, bonus ${balances.bonus} ${user.currency}, ` +
          `held for withdrawals ${balances.withdrawalsPending} ${user.currency}`,
        '',
        ledger.items.length === 0
          ? 'No ledger entries.'
          : [`${ledger.total} entries, page ${ledger.page}:`, ...ledger.items.map(describeEntry)].join('\n'),
      ].join('\n');
    },
  },
  {
    name: 'psp-settle',
    args: '<paymentId> <outcome>',
    summary: `Complete a sandbox payment that stayed pending: outcome ${PSP_SETTLE_OUTCOMES.join(' or ')}`,
    run: async (input, target) => {
      const id = uuidArgument(input.positionals[0], 'The payment');
      const outcome = input.positionals[1];
      if (outcome !== 'succeed' && outcome !== 'decline') {
        throw new UsageError(`The outcome is ${PSP_SETTLE_OUTCOMES.join(' or ')}.`);
      }
      let sessionStatus: PspSessionStatus;
      let deposit: Deposit;
      if (target.mode === 'api') {
        ({ sessionStatus, deposit } = await target.api.post<{ sessionStatus: PspSessionStatus; deposit: Deposit }>(
          `/spa/staff/payments/${id}/psp-settle`,
          { outcome },
        ));
      } else {
        const services = money(target);
        sessionStatus = await services.psp.settle(id, outcome);
        await services.psp.deliverDue();
        deposit = await services.payments.depositById(id);
      }
      return [
        `The sandbox marked payment ${id} ${sessionStatus}.`,
        deposit.status === 'pending'
          ? 'The deposit is still pending: its webhook is queued and will be delivered by the api.'
          : `The deposit of ${deposit.amount} ${deposit.currency} is ${deposit.status}.`,
      ].join('\n');
    },
  },
];
