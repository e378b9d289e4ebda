import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  PSP_SETTLE_OUTCOMES,
  STAFF_REQUEST_STATUSES,
  WITHDRAWAL_STATUSES,
  signedAmountSchema,
  type Deposit,
  type PspSessionStatus,
  type StaffRequest,
  type StaffWithdrawal,
  type Transaction,
  type staffLedgerResponseSchema,
} from '@playhouse/shared';

type StaffLedger = z.infer<typeof staffLedgerResponseSchema>;
import { UsageError, stringOption, type CommandInput, type OpsCommand, type OpsTarget } from '../command';

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

function reasonOption(input: CommandInput): string {
  const reason = stringOption(input, 'reason')?.trim();
  if (!reason || reason.length < 3) throw new UsageError('Say why with --reason "..." (at least 3 characters).');
  return reason;
}

/** A four-eyes request as the command line shows it. */
export function describeRequest(request: StaffRequest): string {
  const what = Object.entries(request.payload)
    .map(
      ([name, value]) =>
        `${name}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join(' ');
  const result = request.result
    ? ` → ${Object.entries(request.result)
        .map(([name, value]) => `${name}=${String(value)}`)
        .join(' ')}`
    : '';
  return [
    `${request.id}  ${request.status.padEnd(8)} ${request.kind}` +
      (request.subject ? ` for #${request.subject.id} ${request.subject.login}` : ''),
    `  ${what}`,
    `  asked by staff #${request.requestedBy} at ${request.requestedAt}` +
      (request.decidedBy !== null ? `, ${request.status} by staff #${request.decidedBy} at ${request.decidedAt}` : '') +
      (request.decisionReason ? ` — ${request.decisionReason}` : '') +
      result,
  ].join('\n');
}

/** Lists a kind of four-eyes request, optionally by status. */
export async function listRequests(input: CommandInput, target: OpsTarget, path: string, what: string) {
  const status = stringOption(input, 'status');
  if (status !== undefined && !(STAFF_REQUEST_STATUSES as readonly string[]).includes(status)) {
    throw new UsageError(`--status is one of ${STAFF_REQUEST_STATUSES.join(', ')}.`);
  }
  // Lists on the back office's paging contract take pageSize; the older ones perPage (each ignores the other).
  const query = new URLSearchParams({
    page: String(pageOption(input)),
    pageSize: '50',
    perPage: '50',
    ...(status ? { status } : {}),
  });
  const result = await target.api.get<{ items: StaffRequest[]; total: number }>(`${path}?${query}`);
  if (result.items.length === 0) return status ? `No ${status} ${what}.` : `No ${what}.`;
  return [`${result.total} ${what}${status ? ` ${status}` : ''}:`, '', ...result.items.map(describeRequest)].join('\n');
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
  const payload = action === 'reject' ? { reason: reasonOption(input) } : {};
  const { withdrawal } = await target.api.post<{ withdrawal: StaffWithdrawal }>(
    `/spa/staff/withdrawals/${id}/${action}`,
    payload,
  );
  return describeWithdrawal(withdrawal);
}

/** Approves or rejects a four-eyes request of one kind. */
export async function decideRequest(
  input: CommandInput,
  target: OpsTarget,
  path: string,
  decision: 'approve' | 'reject',
): Promise<string> {
  const id = uuidArgument(input.positionals[0], 'The request');
  const { request } = await target.api.post<{ request: StaffRequest }>(
    `${path}/${id}/${decision}`,
    decision === 'reject' ? { reason: reasonOption(input) } : {},
  );
  return describeRequest(request);
}

/**
 * The three commands of a kind of four-eyes request: list them, approve one, reject one. An area named before the
 * id (`requests <area>`) comes through `locate`, which gives the path and the input with the area taken off.
 */
export function requestCommands(kind: {
  names: { list: string; approve: string; reject: string };
  summaries: { list: string; approve: string; reject: string };
  /** What the list calls them: "adjustment request(s)". */
  what: string;
  /** Arguments before the id: '' or '<area>'. */
  args?: string;
  locate: (input: CommandInput) => { path: string; input: CommandInput };
}): OpsCommand[] {
  const args = kind.args ?? '';
  const decide = (decision: 'approve' | 'reject') => (input: CommandInput, target: OpsTarget) => {
    const located = kind.locate(input);
    return decideRequest(located.input, target, located.path, decision);
  };
  return [
    {
      name: kind.names.list,
      args,
      summary: kind.summaries.list,
      options: {
        status: { type: 'string', description: `only one status: ${STAFF_REQUEST_STATUSES.join(', ')}` },
        page: { type: 'string', description: 'page of 50 (default 1)' },
      },
      run: (input, target) => {
        const located = kind.locate(input);
        return listRequests(located.input, target, located.path, kind.what);
      },
    },
    { name: kind.names.approve, args: `${args} <id>`.trim(), summary: kind.summaries.approve, run: decide('approve') },
    {
      name: kind.names.reject,
      args: `${args} <id>`.trim(),
      summary: kind.summaries.reject,
      options: { reason: { type: 'string', description: 'why (required)' } },
      run: decide('reject'),
    },
  ];
}

/** A kind of request at a fixed path. */
export const atPath = (path: string) => (input: CommandInput) => ({ path, input });

export const cashboxCommands: OpsCommand[] = [
  {
    name: 'adjust',
    args: '<login> <amount>',
    summary:
      "Ask for a credit (or, with a negative amount, a debit) of a player's main balance, e.g. adjust alice 25.00 " +
      '--reason …; it moves when a second staff member runs approve-adjustment',
    options: {
      reason: { type: 'string', description: 'why (required; kept with the request, the transfer and the audit log)' },
      key: {
        type: 'string',
        description: 'idempotency key: asking again with it changes nothing',
      },
    },
    run: async (input, target) => {
      const [login, amountText] = input.positionals;
      const amount = signedAmountSchema.safeParse(amountText);
      if (!amount.success) throw new UsageError('The amount is a decimal like 25.00, or -10.00 to debit.');
      const reason = reasonOption(input);
      const key = stringOption(input, 'key') ?? `ops-${randomUUID()}`;
      const { request } = await target.api.post<{ request: StaffRequest }>(
        '/spa/staff/adjustments',
        { login: login!, amount: amount.data, reason },
        { 'idempotency-key': key },
      );
      return [
        `Asked (key ${key}); nothing moves until a second staff member approves:`,
        `  npm run ops -- approve-adjustment ${request.id}`,
        '',
        describeRequest(request),
      ].join('\n');
    },
  },
  ...requestCommands({
    names: { list: 'adjustments', approve: 'approve-adjustment', reject: 'reject-adjustment' },
    summaries: {
      list: 'List manual adjustment requests, newest first',
      approve: 'Approve and carry out an adjustment another staff member asked for',
      reject: 'Reject (or withdraw one of your own) adjustment requests',
    },
    what: 'adjustment request(s)',
    locate: atPath('/spa/staff/adjustments'),
  }),
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
      const page = pageOption(input);
      const result = await target.api.get<{ items: StaffWithdrawal[]; total: number }>(
        `/spa/staff/withdrawals?${new URLSearchParams({ page: String(page), pageSize: '50', ...(status ? { status } : {}) })}`,
      );
      if (result.items.length === 0) return status ? `No ${status} withdrawals.` : 'No withdrawals.';
      return [
        `${result.total} withdrawal(s)${status ? ` ${status}` : ''}, page ${page}:`,
        '',
        ...result.items.map(describeWithdrawal),
      ].join('\n');
    },
  },
  {
    name: 'approve-withdrawal',
    args: '<id>',
    summary: 'Approve a pending withdrawal (the first of two staff members: another one pays it)',
    run: (input, target) => reviewWithdrawal(input, target, 'approve'),
  },
  {
    name: 'pay-withdrawal',
    args: '<id>',
    summary: 'Mark an approved withdrawal paid (the held money leaves the house); not by the one who approved it',
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
      const ledger = await target.api.get<StaffLedger>(
        `/spa/staff/ledger/${encodeURIComponent(login)}?page=${page.page}&perPage=${page.perPage}`,
      );
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
      const { sessionStatus, deposit } = await target.api.post<{ sessionStatus: PspSessionStatus; deposit: Deposit }>(
        `/spa/staff/payments/${id}/psp-settle`,
        { outcome },
      );
      return [
        `The sandbox marked payment ${id} ${sessionStatus}.`,
        deposit.status === 'pending'
          ? 'The deposit is still pending: its webhook is queued and will be delivered by the api.'
          : `The deposit of ${deposit.amount} ${deposit.currency} is ${deposit.status}.`,
      ].join('\n');
    },
  },
];
