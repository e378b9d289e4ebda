import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { DEMO_CONTRIBUTIONS, seedBonuses } from '@playhouse/db/seed/bonuses';
import { formatMinor, type BonusGameType, type FeedIngestInput } from '@playhouse/shared';
import { manualClock } from '../../src/lib/clock';
import { contributionOf, gameTypeOf } from '../../src/services/bonuses/bonus-engine';
import { createBonusService } from '../../src/services/bonuses/bonus-service';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { buildCasinoApp, fund, openGameSession, SITE_ORIGIN, type CasinoTestApp } from '../helpers/games-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { seededRandom } from '../helpers/random';
import { footballMatch, englishBook } from '../helpers/sports-fixtures';
import { onPostgres } from '../helpers/test-db';

let t: CasinoTestApp;
const DAY = 86_400_000;
const GAMES = ['lucky-reels', 'dice', 'plinko', 'book-of-gold'] as const;
/** Campaigns with small wagers, so random traffic completes some bonuses as well as expiring and forfeiting others. */
const CAMPAIGNS = ['sim-money', 'sim-coins', 'sim-spins'] as const;

const FEED_TOKEN = 'bonus-simulation-feed-token-0123456789';

/** A delivery of the odds feed, as the feed process pushes it. */
async function feed(body: FeedIngestInput) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/staff/sports/feed',
    headers: { 'x-feed-token': FEED_TOKEN },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
}

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  t = await buildCasinoApp({ FEED_TOKEN, RATE_LIMIT_MAX: '100000' });
  await seedBonuses(t.db);
  const common = { contributions: DEMO_CONTRIBUTIONS, sportsMinOddThousandths: 1500, maxBet: 500n, trigger: 'manual' };
  await t.db.insert(schema.bonusCampaigns).values([
    {
      ...common,
      slug: 'sim-money',
      kind: 'free_money',
      template: 'standard',
      amount: 600n,
      wager: 1,
      validDays: 3,
      offerDays: 5,
    },
    {
      ...common,
      slug: 'sim-coins',
      kind: 'coins',
      template: 'coins',
      items: ['300', '700', '1100'],
      wager: 1,
      validDays: 2,
      offerDays: 5,
    },
    {
      ...common,
      slug: 'sim-spins',
      kind: 'free_spins',
      template: 'standard',
      freeSpins: 4,
      freeSpinStake: 20n,
      gameSlug: 'lucky-reels',
      wager: 2,
      validDays: 2,
      offerDays: 5,
    },
  ] as (typeof schema.bonusCampaigns.$inferInsert)[]);
  await feed(englishBook(Date.now()));
});
afterAll(async () => {
  await t.close();
});

/** A bet the engine answered, and the bonus that was being wagered just before it (each player's steps run in order). */
interface PlacedBet {
  userId: number;
  sourceKey: string;
  activeBefore: string | null;
  amount: bigint;
  ok: boolean;
  freeSpin: boolean;
}

describe('bonus engine simulation', () => {
  it(`keeps wagering exact and the ledger sound through seeded random traffic (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const casino = t.app.services.providerWallet;
    const sports = t.app.services.sports;
    const context = { locale: 'en' as const, defaultLocale: 'en' as const };
    let matchSequence = 9_700_000;
    // What the traffic reached across the seeds, so the run is known to exercise every path.
    const reached = new Map<string, number>();
    const tally = (what: string, n = 1) => reached.set(what, (reached.get(what) ?? 0) + n);

    for (let seed = 1; seed <= 6; seed++) {
      const random = seededRandom(seed);
      const clock = manualClock(new Date());
      const bonuses = createBonusService({ db: t.db, clock });
      const players = await Promise.all(
        [0, 1, 2].map(async (index) => {
          const username = `bsim_${seed}_${index}_${randomUUID().slice(0, 6)}`;
          const [user] = await t.db
            .insert(schema.users)
            .values({ email: `${username}@example.test`, username, passwordHash: 'x', currency: 'EUR' })
            .returning({ id: schema.users.id });
          await fund(t, user!.id, BigInt(random.int(5000, 20000)));
          // Signed in, with each game open at the Originals host: every wallet call names its game session.
          const site = await t.app.services.sessions.create(t.db, user!.id, { ip: null, userAgent: 'simulation' });
          const headers = { cookie: `${SESSION_COOKIE}=${site.token}`, origin: SITE_ORIGIN };
          const sessions = new Map<string, string>();
          for (const game of GAMES) {
            sessions.set(game, await openGameSession(t, 'originals', { id: user!.id, headers }, game));
          }
          return { id: user!.id, username, currency: 'EUR', sessions };
        }),
      );
      const matches = [++matchSequence, ++matchSequence];
      await feed({
        matches: matches.map((id) => footballMatch(id, Date.now() + 2 * 3_600_000, { odds: { '1': 1.4 } })),
      });
      const outcomes = await t.db
        .select({ id: schema.outcomes.id, odd: schema.outcomes.oddThousandths, matchId: schema.markets.matchId })
        .from(schema.outcomes)
        .innerJoin(schema.markets, eq(schema.markets.id, schema.outcomes.marketId))
        .where(inArray(schema.markets.matchId, matches));
      const placed: PlacedBet[] = [];
      const rounds = new Map<
        number,
        { sessionId: string; roundId: string; transactionId: string; gameId: string; amount: string }[]
      >();

      async function activeOf(userId: number): Promise<string | null> {
        const [row] = await t.db
          .select({ id: schema.userBonuses.id })
          .from(schema.userBonuses)
          .where(and(eq(schema.userBonuses.userId, userId), eq(schema.userBonuses.status, 'active')));
        return row?.id ?? null;
      }

      /** Sends the same request one to three times at once, as a provider or a browser retrying would. */
      async function duplicated<T>(call: () => Promise<T>): Promise<T> {
        const copies = random.int(1, 3);
        const answers = await Promise.all(Array.from({ length: copies }, call));
        for (const answer of answers) expect(answer).toEqual(answers[0]);
        return answers[0]!;
      }

      async function step(player: (typeof players)[number]) {
        const roll = random.next();
        const theirs = await t.db.select().from(schema.userBonuses).where(eq(schema.userBonuses.userId, player.id));
        const offered = theirs.filter((row) => row.status === 'offered');
        const active = theirs.find((row) => row.status === 'active');
        const swallow = async (work: () => Promise<unknown>) => {
          try {
            await work();
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (!['bonus_not_offered', 'bonus_active_exists', 'bonus_not_active', 'bonus_not_coins'].includes(code!)) {
              throw error;
            }
          }
        };
        if (roll < 0.12) {
          await bonuses.offer(player.username, random.pick(CAMPAIGNS), `s${seed}-${randomUUID()}`);
        } else if (roll < 0.24 && offered.length > 0) {
          const target = random.pick(offered);
          await swallow(() => duplicated(() => bonuses.accept(player.id, target.id)));
        } else if (roll < 0.28 && offered.length > 0) {
          const target = random.pick(offered);
          await swallow(() => duplicated(() => bonuses.reject(player.id, target.id)));
        } else if (roll < 0.32 && offered.length > 0) {
          const target = random.pick(offered);
          await swallow(() => duplicated(() => bonuses.pick(player.id, target.id)));
        } else if (roll < 0.35 && active) {
          await swallow(() => duplicated(() => bonuses.forfeit(player.id, active.id)));
        } else if (roll < 0.75) {
          const gameId = random.pick(GAMES);
          const spin = active && random.next() < 0.4;
          const amount = spin ? '0.20' : formatMinor(BigInt(random.int(10, 650)), 'EUR');
          const body = {
            sessionId: player.sessions.get(spin ? 'lucky-reels' : gameId)!,
            transactionId: `tx-${randomUUID()}`,
            roundId: `round-${randomUUID()}`,
            playerId: String(player.id),
            gameId: spin ? 'lucky-reels' : gameId,
            amount,
            currency: 'EUR' as const,
          };
          const rollbackFirst = random.next() < 0.05;
          const rollback = () =>
            casino.rollback('originals', {
              sessionId: body.sessionId,
              transactionId: `rb-${body.transactionId}`,
              referenceTransactionId: body.transactionId,
              roundId: body.roundId,
              playerId: body.playerId,
              gameId: body.gameId,
            });
          if (rollbackFirst) await duplicated(rollback);
          const activeBefore = await activeOf(player.id);
          const answer = await duplicated(() => casino.bet('originals', body));
          const [stored] = await t.db
            .select({ legs: schema.providerTransactions.legs })
            .from(schema.providerTransactions)
            .where(eq(schema.providerTransactions.transactionId, body.transactionId));
          placed.push({
            userId: player.id,
            sourceKey: `casino:originals:${body.transactionId}`,
            activeBefore,
            amount: BigInt(amount.replace('.', '')),
            ok: answer.status === 'ok',
            freeSpin: stored?.legs.freeSpin !== undefined,
          });
          if (answer.status === 'ok') {
            const list = rounds.get(player.id) ?? [];
            list.push(body);
            rounds.set(player.id, list);
          }
        } else if (roll < 0.88 && (rounds.get(player.id)?.length ?? 0) > 0) {
          const list = rounds.get(player.id)!;
          // Mostly the latest round (still under the bonus it was staked in), sometimes an older one.
          const index = random.next() < 0.7 ? list.length - 1 : random.int(0, list.length - 1);
          const round = list.splice(index, 1)[0]!;
          if (random.next() < 0.5) {
            const running = await activeOf(player.id);
            if (running) {
              const counted = await t.db
                .select()
                .from(schema.bonusContributions)
                .where(
                  and(
                    eq(schema.bonusContributions.userBonusId, running),
                    eq(schema.bonusContributions.sourceKey, `casino:originals:${round.transactionId}`),
                  ),
                );
              if (counted.length > 0) tally('rollback of counted');
            }
            await duplicated(() =>
              casino.rollback('originals', {
                sessionId: round.sessionId,
                transactionId: `rb-${round.transactionId}`,
                referenceTransactionId: round.transactionId,
                roundId: round.roundId,
                playerId: String(player.id),
                gameId: round.gameId,
              }),
            );
          } else {
            const won = formatMinor(BigInt(random.int(0, 3) * random.int(0, 400)), 'EUR');
            await duplicated(() =>
              casino.win('originals', {
                sessionId: round.sessionId,
                transactionId: `win-${round.transactionId}`,
                roundId: round.roundId,
                playerId: String(player.id),
                gameId: round.gameId,
                amount: won,
                currency: 'EUR',
              }),
            );
          }
        } else {
          const outcome = random.pick(outcomes);
          const key = `sim-${randomUUID()}`;
          const activeBefore = await activeOf(player.id);
          let ok = true;
          const stake = BigInt(random.int(10, 600));
          try {
            const [first] = await Promise.all(
              Array.from({ length: random.int(1, 2) }, () =>
                sports.bets.place(
                  player,
                  {
                    kind: 'single',
                    stake: formatMinor(stake, 'EUR'),
                    oddsChangePolicy: 'any',
                    selections: [{ outcomeId: outcome.id, odd: outcome.odd / 1000 }],
                  },
                  key,
                  context,
                ),
              ),
            );
            placed.push({
              userId: player.id,
              sourceKey: `sports:${first!.bet.id}`,
              activeBefore,
              amount: stake,
              ok: true,
              freeSpin: false,
            });
          } catch (error) {
            ok = false;
            const code = (error as { code?: string }).code;
            if (!['insufficient_funds', 'bonus_max_bet_exceeded'].includes(code!)) throw error;
          }
          expect(typeof ok).toBe('boolean');
        }
      }

      for (let round = 0; round < 30; round++) {
        // Players act at the same time; each player's own steps stay in order.
        await Promise.all(players.map((player) => step(player)));
        // Time passes between rounds; the sweep ends every player's bonuses, so it runs while no player acts (twice
        // at once, as two api instances would).
        if (random.next() < 0.35) {
          clock.advance(random.int(1, 12) * 3_600_000);
          await Promise.all([bonuses.expireDue(), bonuses.expireDue()]);
        }
      }
      // The matches end: one is played (duplicated delivery), the other cancelled, so its bets are void.
      const [played, cancelled] = matches;
      const results = (id: number, status: 'ended' | 'cancelled') => {
        const delivery = footballMatch(id, Date.now() + 2 * 3_600_000);
        return {
          matches: [
            {
              ...delivery,
              matchStatus: status,
              matchResult: { score1: 1, score2: 0 },
              matchBets: delivery.matchBets.map((market) => ({
                ...market,
                matchBetStatus: 'settled' as const,
                matchBetOutcomes: market.matchBetOutcomes.map((outcome, position) => ({
                  ...outcome,
                  matchBetOutcomeResult: position === 0 ? ('won' as const) : ('lost' as const),
                })),
              })),
            },
          ],
        };
      };
      await Promise.all([feed(results(played!, 'ended')), feed(results(played!, 'ended'))]);
      await feed(results(cancelled!, 'cancelled'));
      clock.advance(10 * DAY);
      await Promise.all([bonuses.expireDue(), bonuses.expireDue()]);

      // The ledger balances; no transfer touches two players.
      expect(await ledgerViolations(t.db), `seed ${seed}`).toEqual(NO_VIOLATIONS);
      expect(
        await rows(sql`select e.transfer_id from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where a.user_id is not null group by e.transfer_id having count(distinct a.user_id) > 1`),
        `seed ${seed}`,
      ).toEqual([]);

      const ids = players.map((player) => player.id);
      const all = await t.db.select().from(schema.userBonuses).where(inArray(schema.userBonuses.userId, ids));
      const campaigns = new Map((await t.db.select().from(schema.bonusCampaigns)).map((row) => [row.id, row]));
      const contributions = await t.db
        .select()
        .from(schema.bonusContributions)
        .where(
          inArray(
            schema.bonusContributions.userBonusId,
            all.map((row) => row.id),
          ),
        );
      expect(
        all.filter((row) => row.status === 'active'),
        `seed ${seed}: all expired`,
      ).toEqual([]);

      // Wagering counts exactly: every bet accepted while a bonus ran counted once towards it, at its game's share.
      const games = new Map((await t.db.select().from(schema.games)).map((game) => [game.slug, game]));
      const bySource = new Map(contributions.map((row) => [`${row.userBonusId}|${row.sourceKey}`, row]));
      for (const bet of placed) {
        const counted = contributions.filter((row) => row.sourceKey === bet.sourceKey);
        if (!bet.ok || bet.freeSpin || bet.activeBefore === null) {
          expect(counted, `seed ${seed} ${bet.sourceKey}`).toEqual([]);
          continue;
        }
        expect(counted, `seed ${seed} ${bet.sourceKey}`).toHaveLength(1);
        const row = bySource.get(`${bet.activeBefore}|${bet.sourceKey}`)!;
        expect(row, `seed ${seed} ${bet.sourceKey} counted for the bonus that ran`).toBeDefined();
        const campaign = campaigns.get(all.find((bonus) => bonus.id === bet.activeBefore)!.campaignId)!;
        expect(campaign.maxBet === null || bet.amount <= campaign.maxBet, `seed ${seed} max bet`).toBe(true);
        let gameType: BonusGameType = 'sports';
        let odd: number | undefined;
        if (bet.sourceKey.startsWith('casino:')) {
          const [stored] = await t.db
            .select({ gameId: schema.providerTransactions.gameId })
            .from(schema.providerTransactions)
            .where(eq(schema.providerTransactions.transactionId, bet.sourceKey.slice('casino:originals:'.length)));
          const game = [...games.values()].find((candidate) => candidate.id === stored!.gameId)!;
          gameType = gameTypeOf(game);
        } else {
          const [stored] = await t.db
            .select({ odd: schema.bets.totalOddThousandths })
            .from(schema.bets)
            .where(eq(schema.bets.id, bet.sourceKey.slice('sports:'.length)));
          odd = Number(stored!.odd);
        }
        expect(row.contribution, `seed ${seed} ${bet.sourceKey}`).toBe(
          contributionOf(campaign, gameType, bet.amount, odd),
        );
      }
      for (const bonus of all) tally(`status:${bonus.status}`);
      tally('reversed', contributions.filter((row) => row.reversed).length);
      tally('sports counted', contributions.filter((row) => row.gameType === 'sports' && row.contribution > 0n).length);
      tally('free spins', placed.filter((bet) => bet.freeSpin).length);
      tally('refused bets', placed.filter((bet) => !bet.ok).length);
      for (const bonus of all) {
        const mine = contributions.filter((row) => row.userBonusId === bonus.id && !row.reversed);
        expect(bonus.wagered, `seed ${seed} bonus ${bonus.id}`).toBe(
          mine.reduce((sum, row) => sum + row.contribution, 0n),
        );
        if (bonus.status === 'completed') expect(bonus.wagered >= bonus.wagerRequired).toBe(true);
        // One grant at most, and a bonus either converts or loses its money, never both, never twice.
        const keys = await rows(
          sql`select kind, count(*)::int as n from ledger_transfers where idempotency_key in
            (${`bonus:grant:${bonus.id}`}, ${`bonus:conversion:${bonus.id}`}, ${`bonus:forfeit:${bonus.id}`}) group by kind`,
        );
        const count = (kind: string) => Number(keys.find((row) => row.kind === kind)?.n ?? 0);
        expect(count('bonus_grant'), `seed ${seed}`).toBe(
          bonus.acceptedAt && (bonus.amount ?? 0n) > 0n && campaigns.get(bonus.campaignId)!.kind !== 'free_spins'
            ? 1
            : 0,
        );
        expect(count('bonus_conversion') + count('bonus_forfeit')).toBeLessThanOrEqual(1);
        if (count('bonus_conversion') === 1) expect(bonus.status).toBe('completed');
        if (count('bonus_forfeit') === 1) expect(['expired', 'forfeited']).toContain(bonus.status);
      }
      // A rolled-back casino bet or a void sports bet no longer counts towards a bonus that was still running.
      const reversed = contributions.filter((row) => row.reversed);
      for (const row of reversed) {
        if (row.sourceKey.startsWith('casino:')) {
          const tx = row.sourceKey.slice('casino:originals:'.length);
          expect(
            await rows(
              sql`select 1 from provider_transactions where type = 'rollback' and reference_transaction_id = ${tx}`,
            ),
          ).toHaveLength(1);
        } else {
          const [bet] = await t.db
            .select({ status: schema.bets.status })
            .from(schema.bets)
            .where(eq(schema.bets.id, row.sourceKey.slice('sports:'.length)));
          expect(bet!.status).toBe('void');
        }
      }
    }
    for (const what of [
      'status:completed',
      'status:expired',
      'status:forfeited',
      'status:rejected',
      'reversed',
      'rollback of counted',
      'sports counted',
      'free spins',
      'refused bets',
    ]) {
      expect(reached.get(what) ?? 0, what).toBeGreaterThan(0);
    }
  }, 240_000);
});
