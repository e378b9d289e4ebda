import type * as Crypto from 'node:crypto';
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@playhouse/db';
import { DEMO_CONTRIBUTIONS, seedBonuses } from '@playhouse/db/seed/bonuses';
import { formatMinor, type BonusGameType, type FeedIngestInput } from '@playhouse/shared';
import { manualClock } from '../../src/lib/clock';
import { contributionOf, gameTypeOf } from '../../src/services/bonuses/bonus-engine';
import { createBonusService } from '../../src/services/bonuses/bonus-service';
import { withdrawalRequestedSince } from '../../src/services/cashbox/withdrawal-service';
import { SESSION_COOKIE } from '../../src/services/auth/session-service';
import { buildCasinoApp, fund, openGameSession, SITE_ORIGIN, type CasinoTestApp } from '../helpers/games-fixtures';
import { ledgerViolations, NO_STAKE_VIOLATIONS, NO_VIOLATIONS, stakeViolations } from '../helpers/ledger-invariants';
import { seededRandom } from '../helpers/random';
import { footballMatch, englishBook } from '../helpers/sports-fixtures';
import { onPostgres } from '../helpers/test-db';
import { openInPlay } from './simulation-in-play';
import { openInsiders } from './simulation-insiders';
import { IBAN, openStaffDesk } from './simulation-staff';
import { closeTables, openTables, playBlackjack, playSharedRound } from './simulation-tables';

/**
 * Ids the engine and the test draw (bets, bonuses, keys) come from the seed, not from chance: a seed replays exactly.
 * Within a seed they count up, so an order by id is the order things were created in (each actor's own in its own
 * order, whatever the interleaving of actors), and the seed in front keeps them unique across the seeds of a run.
 */
const uuids = vi.hoisted(() => ({ seed: 0, count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  const randomUUID = () => {
    uuids.count += 1;
    const seed = uuids.seed.toString(16).padStart(8, '0');
    return `${seed}-5eed-4000-8000-${uuids.count.toString(16).padStart(12, '0')}` as `${string}-${string}-${string}-${string}-${string}`;
  };
  return { ...actual, default: { ...actual, randomUUID }, randomUUID };
});

/** Like Promise.all, but every promise has settled before the first refusal is thrown: nothing of a seed runs on. */
async function whenAllSettled<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const refused = settled.find((result) => result.status === 'rejected');
  if (refused) throw refused.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/** A stream of its own for each actor of a seed (a player, the adversary towards them, the staff desk, the world). */
function streamOf(seed: number, actor: string) {
  const digest = createHash('sha256').update(`${seed}/${actor}`).digest();
  return seededRandom(digest.readUInt32LE(0));
}

let t: CasinoTestApp;
const DAY = 86_400_000;
const GAMES = ['lucky-reels', 'dice', 'plinko', 'book-of-gold'] as const;
/** Campaigns with small wagers, so random traffic completes some bonuses as well as expiring and forfeiting others. */
const CAMPAIGNS = ['sim-money', 'sim-coins', 'sim-spins'] as const;

const FEED_TOKEN = 'bonus-simulation-feed-token-0123456789';

/**
 * Seeds 1..SIM_SEEDS (default 6: `npm test` on PGlite and PostgreSQL), from SIM_FIRST_SEED; `npm run simulate -- 1000`
 * runs more and prints "N seeds, M violations". A run stops after MAX_VIOLATIONS failing seeds.
 */
const FIRST_SEED = Number(process.env.SIM_FIRST_SEED ?? 1);
const SEEDS = Array.from({ length: Number(process.env.SIM_SEEDS ?? 6) }, (_, index) => FIRST_SEED + index);
const MAX_VIOLATIONS = 20;
/** Fewer seeds than this (a single replayed seed) need not reach every path. */
const REACH_SEEDS = 6;

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
  // TEST_SEEDS: the table games' server seeds follow from the client seeds the simulation sets, so a seed replays.
  t = await buildCasinoApp({ FEED_TOKEN, RATE_LIMIT_MAX: '100000', TEST_SEEDS: 'on' });
  await seedBonuses(t.db);
  const common = {
    contributions: DEMO_CONTRIBUTIONS,
    sportsMinOddThousandths: 1500,
    maxBet: 5000n,
    trigger: 'manual',
    approvedAt: new Date(),
  };
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
  it(
    `keeps wagering exact and the ledger sound through seeded random traffic (${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
    async () => {
      const casino = t.app.services.providerWallet;
      const sports = t.app.services.sports;
      const context = { locale: 'en' as const, defaultLocale: 'en' as const };
      let matchSequence = 9_700_000;
      // What the traffic reached across the seeds, so the run is known to exercise every path.
      const reached = new Map<string, number>();
      const tally = (what: string, n = 1) => reached.set(what, (reached.get(what) ?? 0) + n);

      // What each actor of the seed did and held (no ids), in its own order: the seed's digest. Two runs of a seed
      // give the same digest (SIM_DIGESTS=1 prints it; docs/reliability.md).
      const traces = new Map<string, string[]>();
      const digest = () =>
        createHash('sha256')
          .update(JSON.stringify([...traces].sort(([a], [b]) => a.localeCompare(b))))
          .digest('hex')
          .slice(0, 16);
      const violations: { seed: number; error: string; digest: string }[] = [];
      for (const seed of SEEDS) {
        try {
          await simulateSeed(seed);
          if (process.env.SIM_DIGESTS) console.log(`seed ${seed} digest ${digest()}`);
          if (process.env.SIM_TRACE_DIR) {
            writeFileSync(`${process.env.SIM_TRACE_DIR}/seed-${seed}.json`, JSON.stringify([...traces], null, 1));
          }
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          violations.push({ seed, error: message, digest: digest() });
          if (process.env.SIM_DIGESTS) console.log(`seed ${seed} digest ${digest()} FAILED`);
          if (violations.length >= MAX_VIOLATIONS) break;
        }
      }
      // The figure the command (npm run simulate) reports, e.g. "1000 seeds, 0 violations".
      console.log(`${SEEDS.length} seeds, ${violations.length} violations`);
      expect(violations).toEqual([]);

      async function simulateSeed(seed: number) {
        uuids.seed = seed;
        uuids.count = 0;
        // Each actor draws from a stream of its own, so what one decides never depends on how the actors' calls
        // interleave (on PostgreSQL they interleave differently from run to run): the seed's traffic is fixed.
        const world = streamOf(seed, 'world');
        const clock = manualClock(new Date());
        traces.clear();
        const traceOf = (actor: string) => {
          traces.set(actor, []);
          return (entry: string) => traces.get(actor)!.push(entry);
        };
        // A coins pick draws from a stream of the player's own (one draw per pick: the bonus row is locked while it is
        // made), apart from the player's decisions; ids interleave between players, so it is not keyed by the bonus.
        const bonusService = (coins: ReturnType<typeof seededRandom>) =>
          createBonusService({
            db: t.db,
            clock,
            wallet: t.app.services.wallet,
            withdrawalRequestedSince,
            randomIndex: (count) => coins.int(0, count - 1),
          });
        const bonuses = bonusService(streamOf(seed, 'coins of the world'));
        const players = await whenAllSettled(
          [0, 1, 2].map(async (index) => {
            const random = streamOf(seed, `player ${index}`);
            const username = `bsim_${seed}_${index}`;
            const [user] = await t.db
              .insert(schema.users)
              .values({ email: `${username}@example.test`, username, passwordHash: 'x', currency: 'EUR' })
              .returning({ id: schema.users.id });
            // One player plays on plenty of own money (bonuses get wagered through); the others have little, so their
            // bets soon run on bonus money and bonuses end with bonus-funded bets still open.
            await fund(t, user!.id, BigInt(index === 0 ? random.int(5000, 20000) : random.int(300, 2500)));
            // Signed in, with each game open at the Originals host: every wallet call names its game session.
            const site = await t.app.services.sessions.create(t.db, user!.id, { ip: null, userAgent: 'simulation' });
            const headers = { cookie: `${SESSION_COOKIE}=${site.token}`, origin: SITE_ORIGIN };
            const sessions = new Map<string, string>();
            for (const game of GAMES) {
              sessions.set(game, await openGameSession(t, 'originals', { id: user!.id, headers }, game));
            }
            return {
              id: user!.id,
              username,
              currency: 'EUR',
              sessions,
              headers,
              tables: streamOf(seed, `tables of player ${index}`),
              random,
              adversarial: streamOf(seed, `adversary of ${index}`),
              bonuses: bonusService(streamOf(seed, `coins of player ${index}`)),
              trace: traceOf(`player ${index}`),
            };
          }),
        );
        // Blackjack at the Originals host and the seed's shared roulette table (simulation-tables.ts).
        const seating = await openTables(t, seed, players);
        const seatOf = new Map(seating.players.map((seat) => [seat.id, seat]));
        const matches = [++matchSequence, ++matchSequence];
        await feed({
          matches: matches.map((id) => footballMatch(id, Date.now() + 2 * 3_600_000, { odds: { '1': 1.4 } })),
        });
        const outcomes = await t.db
          .select({
            id: schema.outcomes.id,
            odd: schema.outcomes.oddThousandths,
            matchId: schema.markets.matchId,
            position: schema.outcomes.position,
          })
          .from(schema.outcomes)
          .innerJoin(schema.markets, eq(schema.markets.id, schema.outcomes.marketId))
          .where(inArray(schema.markets.matchId, matches))
          // In a fixed order: random picks among them must not depend on the plan PostgreSQL chose this time.
          .orderBy(schema.markets.matchId, schema.markets.id, schema.outcomes.position);
        const placed: PlacedBet[] = [];
        // The first match is played (the first outcome of each market wins), the second is called off.
        const returning = outcomes.filter((outcome) => outcome.matchId === matches[1] || outcome.position === 0);
        const rounds = new Map<
          number,
          { sessionId: string; roundId: string; transactionId: string; gameId: string; amount: string }[]
        >();
        /** Rounds the provider closed with a win: the adversary tries to roll them back or pay them again. */
        const wonRounds: {
          sessionId: string;
          roundId: string;
          transactionId: string;
          gameId: string;
          playerId: number;
          won: string;
        }[] = [];

        async function activeOf(userId: number): Promise<string | null> {
          const [row] = await t.db
            .select({ id: schema.userBonuses.id })
            .from(schema.userBonuses)
            .where(and(eq(schema.userBonuses.userId, userId), eq(schema.userBonuses.status, 'active')));
          return row?.id ?? null;
        }

        /**
         * Copies of one request sent at once, all settled before the caller goes on: a copy still running after a sibling
         * was refused (Promise.all gives up at the first refusal) would land in the player's next step, a bonus accepted
         * after the bet that followed had read that none ran. The first refusal is thrown; otherwise the answer.
         */
        const allSettled = <T>(copies: number, call: () => Promise<T>) =>
          whenAllSettled(Array.from({ length: copies }, call));

        /** Sends the same request one to three times at once, as a provider or a browser retrying would. */
        async function duplicated<T>(random: ReturnType<typeof seededRandom>, call: () => Promise<T>): Promise<T> {
          const answers = await allSettled(random.int(1, 3), call);
          for (const answer of answers) expect(answer).toEqual(answers[0]);
          return answers[0]!;
        }

        /** A single on a random outcome, sent once or twice at once with the same key. */
        async function sportsBet(player: (typeof players)[number], stake: bigint, among = outcomes) {
          const outcome = player.random.pick(among);
          const key = `sim-${randomUUID()}`;
          const activeBefore = await activeOf(player.id);
          try {
            const [first] = await allSettled(player.random.int(1, 2), () =>
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
            const code = (error as { code?: string }).code;
            if (!['insufficient_funds', 'bonus_max_bet_exceeded', 'stake_below_minimum'].includes(code!)) throw error;
          }
        }

        async function step(player: (typeof players)[number]) {
          // Now and then a deposit, so play goes on once the money runs out.
          if (player.random.next() < 0.08) await fund(t, player.id, BigInt(player.random.int(200, 1500)));
          const roll = player.random.next();
          const theirs = await t.db
            .select()
            .from(schema.userBonuses)
            .where(eq(schema.userBonuses.userId, player.id))
            .orderBy(schema.userBonuses.id);
          const offered = theirs.filter((row) => row.status === 'offered');
          const active = theirs.find((row) => row.status === 'active');
          const swallow = async (work: () => Promise<unknown>) => {
            try {
              await work();
            } catch (error) {
              const code = (error as { code?: string }).code;
              if (
                !['bonus_not_offered', 'bonus_active_exists', 'bonus_not_active', 'bonus_not_coins'].includes(code!)
              ) {
                throw error;
              }
            }
          };
          if (roll < 0.12) {
            await player.bonuses.offer(player.username, player.random.pick(CAMPAIGNS), `s${seed}-${randomUUID()}`);
          } else if (roll < 0.3 && offered.length > 0) {
            const target = player.random.pick(offered);
            await swallow(() => duplicated(player.random, () => player.bonuses.accept(player.id, target.id)));
          } else if (roll < 0.33 && offered.length > 0) {
            const target = player.random.pick(offered);
            await swallow(() => duplicated(player.random, () => player.bonuses.reject(player.id, target.id)));
          } else if (roll < 0.36 && offered.length > 0) {
            const target = player.random.pick(offered);
            await swallow(() => duplicated(player.random, () => player.bonuses.pick(player.id, target.id)));
          } else if (roll < 0.39 && active) {
            await swallow(() => duplicated(player.random, () => player.bonuses.forfeit(player.id, active.id)));
          } else if (roll < 0.45 && active && player !== players[0]) {
            // The attack of issue 9 (by the players with little money of their own): put what is left on a sports bet that will bring money back (a winner of the match
            // that is played, or anything on the one that is called off), then give the bonus up.
            const { main, bonus } = await t.app.services.wallet.balances(player.id, 'EUR');
            const all = main + bonus > 5000n ? 5000n : main + bonus;
            if (bonus > 0n && all > main) {
              await sportsBet(player, all, returning);
              tally('staked then walked away');
            }
            await swallow(() => duplicated(player.random, () => player.bonuses.forfeit(player.id, active.id)));
          } else if (roll < 0.75) {
            const gameId = player.random.pick(GAMES);
            const spin = active && player.random.next() < 0.4;
            const amount = spin ? '0.20' : formatMinor(BigInt(player.random.int(10, 650)), 'EUR');
            const body = {
              sessionId: player.sessions.get(spin ? 'lucky-reels' : gameId)!,
              transactionId: `tx-${randomUUID()}`,
              roundId: `round-${randomUUID()}`,
              playerId: String(player.id),
              gameId: spin ? 'lucky-reels' : gameId,
              amount,
              currency: 'EUR' as const,
            };
            const rollbackFirst = player.random.next() < 0.05;
            const rollback = () =>
              casino.rollback('originals', {
                sessionId: body.sessionId,
                transactionId: `rb-${body.transactionId}`,
                referenceTransactionId: body.transactionId,
                roundId: body.roundId,
                playerId: body.playerId,
                gameId: body.gameId,
              });
            if (rollbackFirst) await duplicated(player.random, rollback);
            const activeBefore = await activeOf(player.id);
            const answer = await duplicated(player.random, () => casino.bet('originals', body));
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
            const index = player.random.next() < 0.7 ? list.length - 1 : player.random.int(0, list.length - 1);
            const round = list.splice(index, 1)[0]!;
            if (player.random.next() < 0.5) {
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
              await duplicated(player.random, () =>
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
              const won = formatMinor(BigInt(player.random.int(0, 3) * player.random.int(0, 400)), 'EUR');
              const paid = await duplicated(player.random, () =>
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
              if (paid.status === 'ok') wonRounds.push({ ...round, playerId: player.id, won });
            }
          } else if (roll < 0.95) {
            await sportsBet(player, BigInt(player.random.int(10, 600)));
          } else {
            await withdraw(player);
          }
        }

        /**
         * A withdrawal of main money to the bank (staff approve and pay it, or reject it), sometimes giving up a running
         * bonus to do so: bonus money itself never leaves.
         */
        async function withdraw(player: (typeof players)[number]) {
          const { main } = await t.app.services.wallet.balances(player.id, 'EUR');
          if (main < 2000n) return;
          const amount = BigInt(player.random.int(2000, main > 6000n ? 6000 : Number(main)));
          const forfeitBonus = player.random.next() < 0.5;
          const request = {
            method: 'sandbox_bank',
            amount: formatMinor(amount, 'EUR'),
            details: { iban: IBAN, accountHolder: 'Simulated Player' },
            idempotencyKey: `withdraw-${randomUUID()}`,
            forfeitBonus,
          };
          try {
            await duplicated(player.random, () => t.app.services.withdrawals.request(player, request));
            tally('withdrawal requested');
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (code !== 'withdrawal_forfeits_bonus') throw error;
            tally('withdrawal kept the bonus');
          }
        }

        /**
         * The adversarial provider, now and then after a player's step: a win in a round with no bet, a rollback of a
         * round already won, the same win sent again for more, a win named with another player's session, and a win
         * that arrives before its bet (refused, then paid once the bet is there). Every call it should lose must answer
         * an error and move no money; the late win must be paid exactly once.
         */
        async function adversary(player: (typeof players)[number]) {
          if (player.adversarial.next() >= 0.3) return;
          const before = await t.app.services.wallet.balances(player.id, 'EUR');
          const unchanged = async (what: string, answer: { status: string; code?: string }) => {
            expect(answer.status, `seed ${seed} ${what}`).toBe('error');
            tally(`adversary:${what}:${answer.code}`);
            expect(await t.app.services.wallet.balances(player.id, 'EUR'), `seed ${seed} ${what} moved money`).toEqual(
              before,
            );
          };
          const gameId = player.adversarial.pick(GAMES);
          const base = { sessionId: player.sessions.get(gameId)!, playerId: String(player.id), gameId };
          const kind = player.adversarial.int(0, 4);
          if (kind === 0) {
            await unchanged(
              'win without bet',
              await duplicated(player.adversarial, () =>
                casino.win('originals', {
                  ...base,
                  transactionId: `ghost-win-${randomUUID()}`,
                  roundId: `ghost-${randomUUID()}`,
                  amount: formatMinor(BigInt(player.adversarial.int(1, 5000)), 'EUR'),
                  currency: 'EUR',
                }),
              ),
            );
          } else if (kind === 1 || kind === 2) {
            const mine = wonRounds.filter((round) => round.playerId === player.id);
            if (mine.length === 0) return;
            const round = player.adversarial.pick(mine);
            const call = {
              sessionId: round.sessionId,
              roundId: round.roundId,
              playerId: String(player.id),
              gameId: round.gameId,
            };
            if (kind === 1) {
              await unchanged(
                'rollback after win',
                await duplicated(player.adversarial, () =>
                  casino.rollback('originals', {
                    ...call,
                    transactionId: `late-rb-${randomUUID()}`,
                    referenceTransactionId: round.transactionId,
                  }),
                ),
              );
            } else {
              const more = formatMinor(BigInt(Math.round(Number(round.won) * 100)) + 100n, 'EUR');
              await unchanged(
                'win replayed for more',
                await casino.win('originals', {
                  ...call,
                  transactionId: `win-${round.transactionId}`,
                  amount: more,
                  currency: 'EUR',
                }),
              );
            }
          } else if (kind === 3) {
            const other = players.find((candidate) => candidate !== player)!;
            const mine = (rounds.get(player.id) ?? []).at(-1);
            if (!mine) return;
            await unchanged(
              "win on another player's session",
              await casino.win('originals', {
                sessionId: other.sessions.get(mine.gameId)!,
                transactionId: `cross-${randomUUID()}`,
                roundId: mine.roundId,
                playerId: String(player.id),
                gameId: mine.gameId,
                amount: '10.00',
                currency: 'EUR',
              }),
            );
          } else {
            // Reordered: the win arrives before its bet, is refused and not stored, and is paid once the bet is in.
            const roundId = `late-${randomUUID()}`;
            const transactionId = `tx-late-${randomUUID()}`;
            const win = {
              ...base,
              transactionId: `win-${transactionId}`,
              roundId,
              amount: '0.50',
              currency: 'EUR' as const,
            };
            await unchanged('win before its bet', await casino.win('originals', win));
            const activeBefore = await activeOf(player.id);
            const bet = await casino.bet('originals', {
              ...base,
              transactionId,
              roundId,
              amount: '0.10',
              currency: 'EUR',
            });
            if (bet.status !== 'ok') return;
            const [stored] = await t.db
              .select({ legs: schema.providerTransactions.legs })
              .from(schema.providerTransactions)
              .where(eq(schema.providerTransactions.transactionId, transactionId));
            placed.push({
              userId: player.id,
              sourceKey: `casino:originals:${transactionId}`,
              activeBefore,
              amount: 10n,
              ok: true,
              freeSpin: stored?.legs.freeSpin !== undefined,
            });
            const paid = await duplicated(player.adversarial, () => casino.win('originals', win));
            expect(paid.status, `seed ${seed} late win paid`).toBe('ok');
            tally('adversary:late win paid');
            wonRounds.push({ ...win, transactionId, playerId: player.id, won: '0.50' });
          }
        }

        /** Bonus money exists only while its bonus is being wagered: a player without one has none. */
        async function expectNoStrayBonusMoney(when: string) {
          for (const player of players) {
            if (await activeOf(player.id)) continue;
            const { bonus } = await t.app.services.wallet.balances(player.id, 'EUR');
            expect(bonus, `seed ${seed} ${when}: bonus money of player ${player.id} without a bonus`).toBe(0n);
          }
        }

        // Staff work the four-eyes desk between the players' rounds (simulation-staff.ts).
        const desk = await openStaffDesk(t, {
          seed,
          random: streamOf(seed, 'staff desk'),
          players,
          trace: traceOf('staff desk'),
          tally,
        });
        // The insiders of issue 19 (simulation-insiders.ts): an admin building accounts, a marketing member writing
        // terms, a trader flipping results, their colleagues, and an accomplice; from a stream of their own.
        const insiders = await openInsiders(t, {
          seed,
          random: streamOf(seed, 'insiders'),
          trace: traceOf('insiders'),
          tally,
        });
        // The live half of the sportsbook (simulation-in-play.ts): a match in play, bets waiting their delay while
        // markets move, cash outs racing each other, the final whistle and a re-settlement; from a stream of its own.
        const inPlay = await openInPlay(t, {
          seed,
          random: streamOf(seed, 'in-play'),
          trace: traceOf('in-play'),
          tally,
          bonuses: bonusService(streamOf(seed, 'coins of in-play')),
          feed,
        });
        /** What a player holds now, for the seed's trace. */
        async function snapshot(player: (typeof players)[number], when: string) {
          const { main, bonus } = await t.app.services.wallet.balances(player.id, 'EUR');
          const theirs = await t.db
            .select({ status: schema.userBonuses.status, wagered: schema.userBonuses.wagered })
            .from(schema.userBonuses)
            .where(eq(schema.userBonuses.userId, player.id))
            .orderBy(schema.userBonuses.id);
          player.trace(`${when} ${main} ${bonus} ${theirs.map((row) => `${row.status}:${row.wagered}`).join(',')}`);
        }

        for (let round = 0; round < 30; round++) {
          // Players act at the same time; each player's own steps stay in order.
          await whenAllSettled(
            players.map(async (player) => {
              await step(player);
              await adversary(player);
              if (player.tables.next() < 0.35) await playBlackjack(t, seatOf.get(player.id)!, tally);
              await snapshot(player, `round ${round}`);
            }),
          );
          await expectNoStrayBonusMoney(`round ${round}`);
          for (let turn = world.int(0, 2); turn > 0; turn--) await desk.step();
          await insiders.round();
          await inPlay.round();
          if (round % 10 === 5) await playSharedRound(t, seating.slug, seating.players, tally);
          await expectNoStrayBonusMoney(`round ${round}, staff`);
          // Time passes between rounds; the sweep ends every player's bonuses, so it runs while no player acts (twice
          // at once, as two api instances would).
          if (world.next() < 0.35) {
            clock.advance(world.int(1, 12) * 3_600_000);
            await whenAllSettled([bonuses.expireDue(), bonuses.expireDue()]);
          }
        }
        await desk.finish();
        await insiders.finish();
        await inPlay.finish();
        await closeTables(t, seed, seating.slug, seating.players, tally);
        // Every seed ends with the attack itself: each player with little money of their own takes a bonus (unless one
        // runs), stakes what it holds on a bet that will bring money back, and gives the bonus up before the bet settles.
        // The player with money of their own wagers a bonus through on slots (every seed completes one), then bets on
        // the played match under a fresh bonus: counted as the bets settle.
        const rich = players[0]!;
        await fund(t, rich.id, 5000n);
        const running = await activeOf(rich.id);
        if (running) await rich.bonuses.forfeit(rich.id, running);
        async function freshBonus(tag: string) {
          const { id } = await rich.bonuses.offer(rich.username, 'sim-money', `s${seed}-${tag}-${rich.id}`);
          await rich.bonuses.accept(rich.id, id);
          return id;
        }
        const wagered = await freshBonus('wagered');
        for (let spin = 0; spin < 3 && (await activeOf(rich.id)) === wagered; spin++) {
          const body = {
            sessionId: rich.sessions.get('lucky-reels')!,
            transactionId: `tx-${randomUUID()}`,
            roundId: `round-${randomUUID()}`,
            playerId: String(rich.id),
            gameId: 'lucky-reels',
            amount: '5.00',
            currency: 'EUR' as const,
          };
          const answer = await casino.bet('originals', body);
          expect(answer.status, `seed ${seed}: wagering bet`).toBe('ok');
          placed.push({
            userId: rich.id,
            sourceKey: `casino:originals:${body.transactionId}`,
            activeBefore: wagered,
            amount: 500n,
            ok: true,
            freeSpin: false,
          });
        }
        expect(await activeOf(rich.id), `seed ${seed}: wagered through`).toBeNull();
        await freshBonus('honest');
        const countable = outcomes.filter((outcome) => outcome.matchId === matches[0] && outcome.odd >= 1500);
        await sportsBet(rich, BigInt(rich.random.int(100, 500)), countable);
        for (const player of players.slice(1)) {
          let running = await activeOf(player.id);
          if (!running) {
            const { id } = await player.bonuses.offer(player.username, 'sim-money', `s${seed}-attack-${player.id}`);
            await player.bonuses.accept(player.id, id);
            running = id;
          }
          const { main, bonus } = await t.app.services.wallet.balances(player.id, 'EUR');
          if (bonus > 0n) {
            await sportsBet(player, main + bonus > 5000n ? 5000n : main + bonus, returning);
            tally('staked then walked away');
          }
          await player.bonuses.forfeit(player.id, running);
        }
        await expectNoStrayBonusMoney('after the attack');

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
        await whenAllSettled([feed(results(played!, 'ended')), feed(results(played!, 'ended'))]);
        await feed(results(cancelled!, 'cancelled'));
        await expectNoStrayBonusMoney('after settlement');
        // Bonuses still running once every bet is settled ran through the whole settlement: their won and lost sports
        // bets must all have counted.
        const activeAfterSettlement = new Set(
          (
            await t.db
              .select({ id: schema.userBonuses.id })
              .from(schema.userBonuses)
              .where(
                and(
                  inArray(
                    schema.userBonuses.userId,
                    players.map((player) => player.id),
                  ),
                  eq(schema.userBonuses.status, 'active'),
                ),
              )
          ).map((row) => row.id),
        );
        clock.advance(10 * DAY);
        await whenAllSettled([bonuses.expireDue(), bonuses.expireDue()]);

        for (const player of players) await snapshot(player, 'end');
        // The in-play invariants (simulation-in-play.ts): bets staked once, refusals moving nothing, cash outs once and
        // within the bet's value, never paid again, wagering per the operator's switch.
        await inPlay.check();

        // The ledger balances; no transfer touches two players.
        expect(await ledgerViolations(t.db), `seed ${seed}`).toEqual(NO_VIOLATIONS);
        expect(await stakeViolations(t.db), `seed ${seed}`).toEqual(NO_STAKE_VIOLATIONS);
        // The reconciliation the operator runs agrees: every balance is its entries, nothing waits beyond the grace.
        const reconciled = await t.app.services.reconciliation.run();
        expect(
          reconciled.findings.filter((finding) => finding.count > 0),
          `seed ${seed} reconciliation`,
        ).toEqual([]);
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
            const seen = { ok: bet.ok, freeSpin: bet.freeSpin, activeBefore: bet.activeBefore };
            const by = counted.map((row) => `${row.userBonusId} ${row.gameType} ${row.contribution}`);
            expect(
              counted,
              `seed ${seed} ${bet.sourceKey} ${JSON.stringify(seen)} counted for ${by.join('; ')}`,
            ).toEqual([]);
            continue;
          }
          if (bet.sourceKey.startsWith('sports:')) {
            // A sports stake counts when it settles won or lost, for the bonus it was staked under, while that bonus
            // still runs; a void bet never counts.
            const [settled] = await t.db
              .select({ status: schema.bets.status })
              .from(schema.bets)
              .where(eq(schema.bets.id, bet.sourceKey.slice('sports:'.length)));
            if (settled!.status === 'void') {
              expect(counted, `seed ${seed} ${bet.sourceKey} void`).toEqual([]);
              continue;
            }
            if (counted.length === 0) {
              expect(activeAfterSettlement.has(bet.activeBefore), `seed ${seed} ${bet.sourceKey} uncounted`).toBe(
                false,
              );
              continue;
            }
            tally('sports settled counted');
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
        tally(
          'sports counted',
          contributions.filter((row) => row.gameType === 'sports' && row.contribution > 0n).length,
        );
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
        // Money a stake earned back (a win, a rollback, a void) reaches main money only through main money staked or a
        // bonus that completed: the share earned by money of a bonus that expired or was forfeited never does, and the
        // bonus pool takes only that share. Every bonus is final by now, so its status says where the money belonged.
        const bonusStatus = new Map(all.map((bonus) => [bonus.id, bonus.status]));
        const returns =
          await rows(sql`select t.id, t.kind, t.metadata, a.kind as account, a.user_id, e.amount::text as amount
        from ledger_transfers t join ledger_entries e on e.transfer_id = t.id join ledger_accounts a on a.id = e.account_id
        where t.kind in ('casino_win', 'casino_rollback', 'sports_payout', 'sports_void')
          and t.id in (select e2.transfer_id from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id
            where a2.user_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}))`);
        const byTransfer = new Map<number, Row[]>();
        for (const row of returns) byTransfer.set(Number(row.id), [...(byTransfer.get(Number(row.id)) ?? []), row]);
        for (const [transferId, entries] of byTransfer) {
          const first = entries[0]!;
          const metadata = first.metadata as Record<string, string>;
          const userId = Number(entries.find((entry) => entry.user_id !== null)!.user_id);
          let keys: string[];
          if (first.kind === 'casino_win') {
            keys = (
              await rows(sql`select 'casino:originals:' || transaction_id as key from provider_transactions
              where type = 'bet' and status = 'ok' and round_id = ${metadata.roundId} and user_id = ${userId}`)
            ).map((row) => String(row.key));
          } else if (first.kind === 'casino_rollback') {
            keys = [`casino:originals:${metadata.referenceTransactionId}`];
          } else {
            keys = [`sports:${metadata.betId}`];
          }
          const staked = await t.db
            .select()
            .from(schema.stakes)
            .where(inArray(schema.stakes.sourceKey, keys.length > 0 ? keys : ['-']));
          const live = first.kind === 'casino_win' ? staked.filter((stake) => stake.status !== 'refunded') : staked;
          const total = live.reduce((sum, stake) => sum + stake.amount, 0n);
          const notCompleted = live
            .filter((stake) => stake.userBonusId === null || bonusStatus.get(stake.userBonusId) !== 'completed')
            .reduce((sum, stake) => sum + stake.bonus + stake.freeSpin, 0n);
          const credit = (account: string) =>
            entries
              .filter((entry) => entry.account === account)
              .reduce((sum, entry) => sum + BigInt(String(entry.amount)), 0n);
          const amount = -credit(String(first.kind).startsWith('casino') ? 'casino' : 'sports');
          const lockedAway = total > 0n ? (amount * notCompleted) / total : 0n;
          expect(
            credit('main'),
            `seed ${seed} transfer ${transferId}: main money from bonus money`,
          ).toBeLessThanOrEqual(amount - lockedAway + 1n);
          expect(credit('bonus_pool'), `seed ${seed} transfer ${transferId}: to the pool`).toBeLessThanOrEqual(
            lockedAway,
          );
          if (credit('bonus_pool') > 0n) tally('returned to the pool');
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
      if (SEEDS.length < REACH_SEEDS) return;
      console.log(
        [...reached]
          .filter(
            ([what]) =>
              what.startsWith('adversary:') ||
              what.startsWith('staff:') ||
              what.startsWith('withdrawal') ||
              what.startsWith('insider:') ||
              what.startsWith('in-play:'),
          )
          .map(([what, count]) => `${what} ${count}`)
          .join('\n'),
      );
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
        'sports settled counted',
        'returned to the pool',
        'staked then walked away',
        'adversary:win without bet:bet_not_found',
        'adversary:late win paid',
        'withdrawal requested',
        'staff:credit approved',
        'staff:debit approved',
        'staff:approval race lost',
        'staff:withdrawal approved',
        'staff:withdrawal paid',
        'staff:refused:approve own request',
        'staff:refused:pay a withdrawal one approved',
        'staff:refused:adjustment for oneself',
        'staff:refused:adjustment for a staff account',
        'insider:refused:mint campaign',
        'insider:refused:approve own campaign',
        'insider:refused:redeem an unapproved code',
        'insider:campaign approved',
        'insider:bonus granted',
        'insider:limits change approved',
        'insider:result change approved',
        'insider:result change turned down',
        'insider:withdrawal paid',
        'table: round',
        'table: double',
        'table: split',
        'table: finished by its defaults',
        'shared: slip',
        'shared: bets_placed',
        'in-play: accepted',
        'in-play: refused market_suspended',
        'in-play: refused odds_changed',
        'in-play: refused match_not_in_play',
        'in-play: double submission',
        'in-play: cash out whole',
        'in-play: cash out part part',
        'in-play: cash out twice',
        'in-play: cash out retry part',
        'in-play: cash out refused cash_out_price_changed',
        'in-play: automatic cash out',
        'in-play: re-settled after cash outs',
        'in-play: cashed out through re-settlement',
        'in-play: bonus-funded cash out',
      ]) {
        expect(reached.get(what) ?? 0, what).toBeGreaterThan(0);
      }
    },
    SEEDS.length * 60_000 + 120_000,
  );
});
