import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  launchResponseSchema,
  originalsSessionResponseSchema,
  reconciliationResponseSchema,
  type ReconciliationReport,
} from '@playhouse/shared';
import { manualClock } from '../../src/lib/clock';
import { buildMetricsServer } from '../../src/plugins/app/metrics';
import { RECONCILIATION_JOB } from '../../src/services/reconciliation/reconciliation-jobs';
import { createReconciliationService } from '../../src/services/reconciliation/reconciliation-service';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { opsAs, type OpsMode, type OpsRun } from '../helpers/ops';
import { staffCaller } from '../helpers/staff';
import {
  buildCasinoApp,
  fund,
  openGameSession,
  signedInPlayer,
  SITE_ORIGIN,
  walletCall,
  type CasinoTestApp,
} from '../helpers/games-fixtures';

const HOUR = 3_600_000;

let t: CasinoTestApp;
let staffHeaders: Record<string, string>;
/** The ops command line signed in as a finance staff member, through the api or with the app built in process. */
const opsRunners = new Map<OpsMode, (argv: string[]) => Promise<OpsRun>>();

beforeAll(async () => {
  t = await buildCasinoApp({ RATE_LIMIT_MAX: '100000' });
  staffHeaders = (await staffCaller(t, ['finance'])).headers;
  for (const mode of ['api', 'in-process'] as const) opsRunners.set(mode, (await opsAs(t, ['finance'], mode)).ops);
});
afterAll(async () => {
  await t.close();
});

const ops = (argv: string[], mode: OpsMode) => opsRunners.get(mode)!(argv);

async function reconcileThroughApi(): Promise<ReconciliationReport> {
  const response = await t.app.inject({ method: 'GET', url: '/spa/staff/reconciliation', headers: staffHeaders });
  expect(response.statusCode).toBe(200);
  return reconciliationResponseSchema.parse(response.json()).report;
}

const countOf = (report: ReconciliationReport, check: string) =>
  report.findings.find((finding) => finding.check === check)!.count;

async function scrape(): Promise<string> {
  const server = await buildMetricsServer();
  try {
    const response = await server.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    return response.body;
  } finally {
    await server.close();
  }
}

/**
 * A player with money who has played: a deposit and a casino bet, so the books have real entries; the bet's round is
 * closed with a win unless `open`.
 */
async function playerWhoPlayed({ open = false } = {}) {
  const player = await signedInPlayer(t);
  await fund(t, player.id, 10_000n);
  const sessionId = await openGameSession(t, 'netstar', player, 'book-of-gold');
  const round = { sessionId, roundId: `r-${randomUUID()}`, playerId: String(player.id), gameId: 'book-of-gold' };
  const transactionId = `b-${randomUUID()}`;
  const bet = await walletCall(t, 'netstar', 'bet', { ...round, transactionId, amount: '5.00', currency: 'EUR' });
  expect(bet.json()).toMatchObject({ status: 'ok' });
  if (!open) {
    const win = { ...round, transactionId: `w-${randomUUID()}`, amount: '0.00', currency: 'EUR' };
    expect((await walletCall(t, 'netstar', 'win', win)).json()).toMatchObject({ status: 'ok' });
  }
  const [account] = await t.db
    .select()
    .from(schema.ledgerAccounts)
    .where(and(eq(schema.ledgerAccounts.userId, player.id), eq(schema.ledgerAccounts.kind, 'main')));
  return { player, round, transactionId, accountId: account!.id };
}

describe('reconciliation', () => {
  it('GET /spa/staff/reconciliation finds the books in order after real play, and a visitor or a player is refused', async () => {
    await playerWhoPlayed();

    const report = await reconcileThroughApi();
    expect(report.accounts).toBeGreaterThan(0);
    expect(report.findings.map((finding) => [finding.check, finding.count])).toEqual([
      ['balance_vs_entries', 0],
      ['balance_vs_last_entry', 0],
      ['unbalanced_transfers', 0],
      ['transfers_without_entries', 0],
      ['negative_player_balances', 0],
      ['unsettled_originals_rounds', 0],
      ['open_provider_bets', 0],
    ]);
    expect(report.discrepancies).toBe(0);

    expectErrorEnvelope(await t.app.inject({ method: 'GET', url: '/spa/staff/reconciliation' }), 401, 'unauthorized');
    const player = await signedInPlayer(t);
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: '/spa/staff/reconciliation', headers: player.headers }),
      403,
      'forbidden',
    );
  });

  it('a balance changed in SQL without an entry is found by the route, the job, the metric and the ops command', async () => {
    const { player, accountId } = await playerWhoPlayed();
    // The tampering: money appears on the player's balance with no transfer behind it.
    await t.db.execute(sql`update ledger_accounts set balance = balance + 12345 where id = ${accountId}`);
    try {
      const report = await reconcileThroughApi();
      expect(countOf(report, 'balance_vs_entries')).toBe(1);
      expect(countOf(report, 'balance_vs_last_entry')).toBe(1);
      expect(report.discrepancies).toBe(2);
      const finding = report.findings.find((item) => item.check === 'balance_vs_entries')!;
      expect(finding.sample).toEqual([
        expect.objectContaining({
          account_id: String(accountId),
          user_id: String(player.id),
          kind: 'main',
          balance: String(10_000 - 500 + 12_345),
          entries: String(10_000 - 500),
        }),
      ]);
      expect(await scrape()).toMatch(/^playhouse_reconciliation_discrepancies\{check="balance_vs_entries"\} 1$/m);

      // The scheduled job finds it too (the metric is what alerting watches).
      await t.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${accountId}`);
      const before = await scrape();
      const runs = Number(
        /^playhouse_job_runs_total\{job="reconciliation",outcome="ok"\} (\d+)$/m.exec(before)?.[1] ?? 0,
      );
      await t.app.jobs.trigger(RECONCILIATION_JOB);
      const after = await scrape();
      expect(after).toContain(`playhouse_job_runs_total{job="reconciliation",outcome="ok"} ${runs + 1}`);
      expect(after).toMatch(/^playhouse_reconciliation_discrepancies\{check="balance_vs_entries"\} 1$/m);

      for (const mode of ['api', 'in-process'] as const) {
        const result = await ops(['reconcile'], mode);
        expect(result.code, mode).toBe(1);
        expect(result.err, mode).toContain('balance_vs_entries');
        expect(result.err, mode).toContain(`account_id=${accountId}`);
        expect(result.err, mode).toContain('2 discrepancies.');
      }
    } finally {
      await t.db.execute(sql`update ledger_accounts set balance = balance - 12346 where id = ${accountId}`);
    }
    const healed = await reconcileThroughApi();
    expect(healed.discrepancies).toBe(0);
    expect(await scrape()).toMatch(/^playhouse_reconciliation_discrepancies\{check="balance_vs_entries"\} 0$/m);
    for (const mode of ['api', 'in-process'] as const) {
      const result = await ops(['reconcile'], mode);
      expect(result.code, mode).toBe(0);
      expect(result.out, mode).toContain('The books agree.');
    }
  });

  it('an entry written without its counterpart (money created) and a balance to match are still found', async () => {
    const { accountId } = await playerWhoPlayed();
    const [transfer] = await t.db
      .select({ id: schema.ledgerEntries.transferId })
      .from(schema.ledgerEntries)
      .where(eq(schema.ledgerEntries.accountId, accountId))
      .limit(1);
    // A forger who knows the balance rule: the entry and the balance agree, but the transfer no longer sums to zero.
    // The database's own balanced-transfer trigger refuses this, so the forger (an owner of the database) turns
    // triggers off for the session first.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after)
            select ${transfer!.id}, id, 700, balance + 700 from ledger_accounts where id = ${accountId}`,
      );
      await tx.execute(sql`update ledger_accounts set balance = balance + 700 where id = ${accountId}`);
    });
    const errors: { details: Record<string, unknown>; message: string }[] = [];
    const service = createReconciliationService({
      db: t.db,
      clock: manualClock(new Date()),
      log: { error: (details, message) => errors.push({ details, message }) },
      graceMs: HOUR,
    });
    try {
      const report = await service.run();
      expect(countOf(report, 'balance_vs_entries')).toBe(0);
      expect(countOf(report, 'unbalanced_transfers')).toBe(1);
      expect(report.findings.find((item) => item.check === 'unbalanced_transfers')!.sample).toEqual([
        { transfer_id: String(transfer!.id), total: '700' },
      ]);
      // Logged as an error, with the check's name and what it found.
      expect(errors).toEqual([
        {
          message: 'reconciliation found a discrepancy',
          details: expect.objectContaining({ check: 'unbalanced_transfers', count: 1 }),
        },
      ]);
    } finally {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`delete from ledger_entries where transfer_id = ${transfer!.id} and amount = 700`);
        await tx.execute(sql`update ledger_accounts set balance = balance - 700 where id = ${accountId}`);
      });
    }
    expect((await service.run()).discrepancies).toBe(0);
  });

  it('a provider bet and an Originals round left without their outcome count once the grace period is over', async () => {
    const { round, transactionId } = await playerWhoPlayed({ open: true });
    // An Originals round whose win the wallet never got.
    const player = await signedInPlayer(t);
    await fund(t, player.id, 5_000n);
    const launch = await t.app.inject({
      method: 'POST',
      url: '/spa/games/dice/launch',
      headers: player.headers,
      payload: { mode: 'real' },
    });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/sessions',
      headers: { origin: SITE_ORIGIN },
      payload: { launchToken: launchResponseSchema.parse(launch.json()).launch.token },
    });
    const token = originalsSessionResponseSchema.parse(opened.json()).session.token;
    const played = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/rounds',
      headers: { origin: SITE_ORIGIN, 'x-game-session': token },
      payload: { bet: '1.00', params: { target: 5000, direction: 'under' } },
    });
    expect(played.statusCode).toBe(201);
    const [stored] = await t.db
      .select({ id: schema.originalsRounds.id })
      .from(schema.originalsRounds)
      .innerJoin(schema.originalsSessions, eq(schema.originalsSessions.id, schema.originalsRounds.sessionId))
      .where(eq(schema.originalsSessions.userId, player.id));
    await t.db.execute(sql`update originals_rounds set status = 'accepted' where id = ${stored!.id}`);

    const errors: string[] = [];
    const at = (ms: number) =>
      createReconciliationService({
        db: t.db,
        clock: manualClock(new Date(Date.now() + ms)),
        log: { error: (details) => errors.push(String(details.check)) },
        graceMs: HOUR,
      }).run();
    // Within the grace period both are still on their way.
    const early = await at(0);
    expect(countOf(early, 'open_provider_bets')).toBe(0);
    expect(countOf(early, 'unsettled_originals_rounds')).toBe(0);

    const late = await at(2 * HOUR);
    expect(countOf(late, 'open_provider_bets')).toBe(1);
    expect(late.findings.find((item) => item.check === 'open_provider_bets')!.sample).toEqual([
      expect.objectContaining({ transaction_id: transactionId, round_id: round.roundId, provider: 'netstar' }),
    ]);
    expect(countOf(late, 'unsettled_originals_rounds')).toBe(1);
    expect(late.findings.find((item) => item.check === 'unsettled_originals_rounds')!.sample).toEqual([
      expect.objectContaining({ round_id: String(stored!.id), status: 'accepted' }),
    ]);
    expect(errors).toEqual(['unsettled_originals_rounds', 'open_provider_bets']);

    // The outcomes arrive: the provider's win (a loss: zero) and the Originals win by the settlement job.
    const win = await walletCall(t, 'netstar', 'win', {
      ...round,
      transactionId: `w-${randomUUID()}`,
      amount: '0.00',
      currency: 'EUR',
    });
    expect(win.json()).toMatchObject({ status: 'ok' });
    await t.app.services.originalsSettlement.settleDue();
    const settled = await at(2 * HOUR);
    expect(countOf(settled, 'open_provider_bets')).toBe(0);
    expect(countOf(settled, 'unsettled_originals_rounds')).toBe(0);
    expect(settled.discrepancies).toBe(0);
  });
});
