import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { formatMinor } from '@playhouse/shared';
import { fund, type CasinoTestApp } from '../helpers/games-fixtures';
import type { seededRandom } from '../helpers/random';
import { staffCaller, type StaffCaller } from '../helpers/staff';

type Random = ReturnType<typeof seededRandom>;
type Row = Record<string, unknown>;

/** What a staff action answered: the status code and, for a refusal, the error code. */
interface Answer {
  status: number;
  code: string | null;
  body: Record<string, unknown>;
}

/** A player of the simulation as the staff desk sees them. */
export interface DeskPlayer {
  id: number;
  username: string;
}

export const IBAN = 'DE89370400440532013000';

/**
 * The staff side of the money simulation: two finance members and one support member working the four-eyes flow
 * through the api's own routes (permissions, second factor and audit apply). Requests are made by one member and
 * approved by another; the refusals an honest desk and an insider both run into are tried on purpose: approving
 * one's own request, paying a withdrawal one approved, acting on one's own account (a staff member's own withdrawal,
 * an adjustment for oneself), asking for an adjustment of a staff account, approving without the permission, and
 * two members approving the same request at once. Every refusal must leave the money, the requests, the withdrawals
 * and the audit log exactly as they were; every approval must move exactly its amount, once.
 *
 * The desk acts while the players wait (between their rounds), so what each player decides still depends only on
 * their own stream and a seed replays the same traffic; its own choices come from its own stream.
 */
export async function openStaffDesk(
  t: CasinoTestApp,
  options: {
    seed: number;
    random: Random;
    players: DeskPlayer[];
    /** Records what the desk did and was answered (ids left out), for the seed's replay digest. */
    trace: (entry: string) => void;
    tally: (what: string) => void;
  },
) {
  const { seed, random, players, trace, tally } = options;
  const [financeA, financeB, support] = [
    await staffCaller(t, ['finance']),
    await staffCaller(t, ['finance']),
    await staffCaller(t, ['support']),
  ] as [StaffCaller, StaffCaller, StaffCaller];
  const members = { financeA, financeB, support };
  const nameOf = (member: StaffCaller) =>
    (Object.keys(members) as (keyof typeof members)[]).find((name) => members[name] === member)!;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;
  let keys = 0;

  async function call(
    member: StaffCaller,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<Answer> {
    const response = await t.app.inject({
      method,
      url: `/spa/staff${url}`,
      headers: { ...member.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      ...(payload ? { payload } : {}),
    });
    const body = response.json() as Record<string, unknown>;
    expect(response.statusCode, `seed ${seed} ${method} ${url}: never a 5xx`).toBeLessThan(500);
    const error = body.error as { code?: string } | undefined;
    return { status: response.statusCode, code: response.statusCode >= 400 ? (error?.code ?? '?') : null, body };
  }

  /** Everything a staff action can change: money, requests, withdrawals and the audit trail. */
  async function fingerprint() {
    const [money] = await rows(sql`select
      (select count(*)::int from ledger_transfers) as transfers,
      (select count(*)::int from ledger_entries) as entries,
      (select coalesce(sum(balance), 0)::text from ledger_accounts where user_id is not null) as held,
      (select count(*)::int from audit_log) as audits`);
    const requests = await rows(
      sql`select id, status, decided_by, result from staff_requests order by requested_at, id`,
    );
    const payouts = await rows(
      sql`select id, status, approved_by, paid_by, reviewed_by from withdrawals order by created_at, id`,
    );
    const balances = await rows(
      sql`select a.user_id, a.kind, a.balance::text as balance from ledger_accounts a
          where a.user_id is not null order by a.user_id, a.kind`,
    );
    return { money, requests, payouts, balances };
  }

  /** A refusal the desk must get: the expected status and code, and nothing changed. */
  async function refused(what: string, expected: { status: number; code: string }, act: () => Promise<Answer>) {
    const before = await fingerprint();
    const answer = await act();
    expect({ status: answer.status, code: answer.code }, `seed ${seed} ${what}`).toEqual(expected);
    expect(await fingerprint(), `seed ${seed} ${what} changed something`).toEqual(before);
    tally(`staff:refused:${what}`);
    trace(`refused ${what} ${answer.code}`);
  }

  async function mainOf(userId: number): Promise<bigint> {
    return (await t.app.services.wallet.balances(userId, 'EUR')).main;
  }

  const pendingAdjustments: { id: string; requester: StaffCaller; player: DeskPlayer; amount: bigint }[] = [];

  /** One member asks for a credit or debit of a player's main money (sometimes the same request twice at once). */
  async function requestAdjustment() {
    const requester = random.pick([financeA, financeB, support]);
    const player = random.pick(players);
    const credit = random.next() < 0.6;
    const amount = BigInt(random.int(1, credit ? 2000 : 1500)) * (credit ? 1n : -1n);
    const key = `desk-${seed}-${++keys}`;
    const payload = { login: player.username, amount: formatMinor(amount, 'EUR'), reason: 'simulation desk' };
    const copies = random.int(1, 2);
    const answers = await Promise.all(
      Array.from({ length: copies }, () => call(requester, 'POST', '/adjustments', payload, key)),
    );
    for (const answer of answers) {
      expect(answer.status, `seed ${seed} adjustment request`).toBe(201);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    const request = answers[0]!.body.request as { id: string; status: string };
    expect(request.status).toBe('pending');
    pendingAdjustments.push({ id: request.id, requester, player, amount });
    trace(`request ${nameOf(requester)} ${players.indexOf(player)} ${amount}`);
  }

  /** A second member approves a pending adjustment; its requester trying first is refused. */
  async function decideAdjustment() {
    if (pendingAdjustments.length === 0) return requestAdjustment();
    const pending = pendingAdjustments.splice(random.int(0, pendingAdjustments.length - 1), 1)[0]!;
    const url = `/adjustments/${pending.id}`;
    if (pending.requester !== support && random.next() < 0.4) {
      await refused('approve own request', { status: 403, code: 'four_eyes_required' }, () =>
        call(pending.requester, 'POST', `${url}/approve`),
      );
    }
    if (random.next() < 0.15) {
      await refused('approve without the permission', { status: 403, code: 'forbidden' }, () =>
        call(support, 'POST', `${url}/approve`),
      );
    }
    const approvers = [financeA, financeB].filter((member) => member !== pending.requester);
    if (random.next() < 0.15) {
      // Taken back (by the one who asked, or turned down by the other): nothing moves.
      const by = random.pick([...approvers, ...(pending.requester === support ? [] : [pending.requester])]);
      const before = await mainOf(pending.player.id);
      const answer = await call(by, 'POST', `${url}/reject`, { reason: 'not needed' });
      expect(answer.status, `seed ${seed} reject adjustment`).toBe(200);
      expect(await mainOf(pending.player.id)).toBe(before);
      trace(`reject ${nameOf(by)}`);
      return;
    }
    const before = await mainOf(pending.player.id);
    const enough = before + pending.amount >= 0n;
    if (!enough) {
      // A debit larger than the player's main money: refused at approval, the request stays pending, then rejected.
      await refused('debit beyond the balance', { status: 409, code: 'insufficient_funds' }, () =>
        call(approvers[0]!, 'POST', `${url}/approve`),
      );
      const rejected = await call(approvers[0]!, 'POST', `${url}/reject`, { reason: 'balance too low' });
      expect(rejected.status).toBe(200);
      trace('reject after insufficient');
      return;
    }
    // Both eligible members press approve at once when two may: exactly one carries it out.
    const answers = await Promise.all(approvers.map((member) => call(member, 'POST', `${url}/approve`)));
    const approved = answers.filter((answer) => answer.status === 200);
    expect(approved, `seed ${seed} approvals`).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect({ status: answer.status, code: answer.code }).toEqual({ status: 409, code: 'request_not_pending' });
      tally('staff:approval race lost');
    }
    expect(await mainOf(pending.player.id), `seed ${seed} adjustment moved its amount once`).toBe(
      before + pending.amount,
    );
    tally(pending.amount > 0n ? 'staff:credit approved' : 'staff:debit approved');
    trace(`approved ${pending.amount} by ${approvers.length} racing`);
  }

  /** The withdrawal review: approve, then the other finance member pays; or reject (the money goes back). */
  async function reviewWithdrawal() {
    // The first open withdrawal of the first player who has one: players ask at the same time, so their requests'
    // times and ids interleave differently from run to run; each player's own come in the order they asked.
    const [open] = await rows(sql`select id, user_id, status, approved_by, amount::text as amount from withdrawals
      where status in ('pending', 'approved') and user_id in (${sql.join(
        players.map((player) => sql`${player.id}`),
        sql`, `,
      )})
      order by array_position(${sql.raw(`array[${players.map((player) => player.id).join(',')}]`)}::bigint[], user_id),
        created_at, id limit 1`);
    if (!open) return requestAdjustment();
    const id = String(open.id);
    const userId = Number(open.user_id);
    const amount = BigInt(String(open.amount));
    const who = players.findIndex((player) => player.id === userId);
    if (open.status === 'pending') {
      if (random.next() < 0.15) {
        const before = await mainOf(userId);
        const answer = await call(random.pick([financeA, financeB]), 'POST', `/withdrawals/${id}/reject`, {
          reason: 'details do not match',
        });
        expect(answer.status, `seed ${seed} reject withdrawal`).toBe(200);
        expect(await mainOf(userId), `seed ${seed} rejected withdrawal returned`).toBe(before + amount);
        tally('staff:withdrawal rejected');
        trace(`withdrawal ${who} rejected`);
        return;
      }
      if (random.next() < 0.15) {
        await refused('approve a withdrawal without the permission', { status: 403, code: 'forbidden' }, () =>
          call(support, 'POST', `/withdrawals/${id}/approve`),
        );
      }
      // Both finance members approve at once: one approval.
      const answers = await Promise.all(
        [financeA, financeB].map((member) => call(member, 'POST', `/withdrawals/${id}/approve`)),
      );
      expect(
        answers.filter((answer) => answer.status === 200),
        `seed ${seed} withdrawal approvals`,
      ).toHaveLength(1);
      for (const answer of answers.filter((answer) => answer.status !== 200)) {
        expect({ status: answer.status, code: answer.code }).toEqual({
          status: 409,
          code: 'withdrawal_state_conflict',
        });
      }
      tally('staff:withdrawal approved');
      trace(`withdrawal ${who} approved`);
      return;
    }
    // Ids from a raw query: numbers on PGlite, text for bigint columns on PostgreSQL.
    const approver = Number(open.approved_by) === financeA.id ? financeA : financeB;
    const payer = approver === financeA ? financeB : financeA;
    if (random.next() < 0.5) {
      await refused('pay a withdrawal one approved', { status: 403, code: 'four_eyes_required' }, () =>
        call(approver, 'POST', `/withdrawals/${id}/pay`),
      );
    }
    const before = await mainOf(userId);
    const paid = await call(payer, 'POST', `/withdrawals/${id}/pay`);
    expect(paid.status, `seed ${seed} pay withdrawal`).toBe(200);
    expect(await mainOf(userId), `seed ${seed} paying moves no player money`).toBe(before);
    const again = await call(payer, 'POST', `/withdrawals/${id}/pay`);
    expect({ status: again.status, code: again.code }, `seed ${seed} paid twice`).toEqual({
      status: 409,
      code: 'withdrawal_state_conflict',
    });
    tally('staff:withdrawal paid');
    trace(`withdrawal ${who} paid`);
  }

  /** An insider's tries on their own account, and on another staff member's: all refused, nothing changes. */
  async function insider() {
    const member = random.pick([financeA, financeB]);
    const other = member === financeA ? financeB : financeA;
    const kind = random.int(0, 2);
    if (kind === 0) {
      await refused('adjustment for oneself', { status: 403, code: 'own_account' }, () =>
        call(
          member,
          'POST',
          '/adjustments',
          { login: member.username, amount: '50.00', reason: 'mine' },
          `desk-own-${seed}-${++keys}`,
        ),
      );
    } else if (kind === 1) {
      await refused('adjustment for a staff account', { status: 404, code: 'not_found' }, () =>
        call(
          member,
          'POST',
          '/adjustments',
          { login: other.username, amount: '50.00', reason: 'colleague' },
          `desk-colleague-${seed}-${++keys}`,
        ),
      );
    } else {
      // The member's own withdrawal (their account as a player): they may neither approve nor pay it.
      const [own] = await rows(sql`select id, status, approved_by from withdrawals
        where user_id = ${member.id} and status in ('pending', 'approved')`);
      if (!own) return;
      const action = own.status === 'pending' ? 'approve' : 'pay';
      await refused(`${action} own withdrawal`, { status: 403, code: 'own_account' }, () =>
        call(member, 'POST', `/withdrawals/${String(own.id)}/${action}`),
      );
      if (own.status === 'pending') {
        const approved = await call(other, 'POST', `/withdrawals/${String(own.id)}/approve`);
        expect(approved.status, `seed ${seed} colleague approves`).toBe(200);
        trace('own withdrawal approved by the other');
      }
    }
  }

  // Each finance member also has a player account's money and asks to withdraw some of it.
  for (const member of [financeA, financeB]) {
    await fund(t, member.id, 10_000n);
    await t.app.services.withdrawals.request(
      { id: member.id, currency: 'EUR' },
      {
        method: 'sandbox_bank',
        amount: '40.00',
        details: { iban: IBAN, accountHolder: 'Staff Member' },
        idempotencyKey: `staff-own-${seed}-${member.id}`,
      },
    );
  }

  return {
    /** One turn of the desk, while the players wait. */
    async step() {
      const roll = random.next();
      if (roll < 0.3) await requestAdjustment();
      else if (roll < 0.6) await decideAdjustment();
      else if (roll < 0.85) await reviewWithdrawal();
      else await insider();
    },

    /** At the end of the seed: every pending request decided; then the four-eyes invariants over the whole seed. */
    async finish() {
      while (pendingAdjustments.length > 0) await decideAdjustment();
      const staffIds = [financeA.id, financeB.id, support.id];
      const ids = sql.join(
        [...staffIds, ...players.map((player) => player.id)].map((id) => sql`${id}`),
        sql`, `,
      );
      expect(
        await rows(sql`select id from staff_requests where subject_user_id in (${ids})
          and (status = 'approved' and (decided_by = requested_by or decided_by = subject_user_id)
            or requested_by = subject_user_id)`),
        `seed ${seed}: a request approved by its requester or for oneself`,
      ).toEqual([]);
      expect(
        await rows(sql`select id from withdrawals where user_id in (${ids}) and (
          user_id = approved_by or user_id = paid_by or (status = 'paid' and (approved_by is null or approved_by = paid_by)))`),
        `seed ${seed}: a withdrawal paid on one pair of eyes or by its owner`,
      ).toEqual([]);
      // An approved adjustment moved money exactly once; one not approved moved none.
      expect(
        await rows(sql`select r.id, r.status, count(t.id)::int as transfers from staff_requests r
          left join ledger_transfers t on t.idempotency_key = 'adjustment:request:' || r.id
          where r.subject_user_id in (${ids}) and r.kind = 'balance_adjustment'
          group by r.id, r.status
          having count(t.id) <> case when r.status = 'approved' then 1 else 0 end`),
        `seed ${seed}: adjustments and their transfers`,
      ).toEqual([]);
      expect(
        await rows(sql`select w.id from withdrawals w where w.user_id in (${ids}) and
          (select count(*) from ledger_transfers t where t.metadata->>'withdrawalId' = w.id::text
            and t.kind = 'withdrawal_paid') <> case when w.status = 'paid' then 1 else 0 end`),
        `seed ${seed}: payouts and their transfers`,
      ).toEqual([]);
    },
  };
}
