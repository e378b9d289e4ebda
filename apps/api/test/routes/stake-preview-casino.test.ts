import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMinor,
  parseDecimal,
  launchResponseSchema,
  originalsRoundResponseSchema,
  originalsRoundsResponseSchema,
  originalsSessionResponseSchema,
  stakePreviewResponseSchema,
  type StakePreview,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { grantCampaignBonus } from '../helpers/bonus-fixtures';
import {
  balances,
  buildCasinoApp,
  fund,
  signedInPlayer,
  SITE_ORIGIN,
  type CasinoTestApp,
  type Player,
} from '../helpers/games-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';

/*
 * Where a casino stake's money comes from (issue 19): GET /spa/users/stake-preview is the stake pipeline's decision run
 * dry for exactly what the game's wallet call will ask; the Originals round then takes what it showed, and its history
 * shows the split it used.
 */

let t: CasinoTestApp;

beforeAll(async () => {
  t = await buildCasinoApp();
});
afterAll(async () => t.close());

const euros = (minor: bigint) => formatMinor(minor, 'EUR');
const minor = (text: string) => parseDecimal(text, 'EUR')!;

async function stakePreview(player: Player, query: Record<string, string>) {
  const response = await t.app.inject({
    url: `/spa/users/stake-preview?${new URLSearchParams(query).toString()}`,
    headers: player.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return stakePreviewResponseSchema.parse(response.json()).preview;
}

async function originalsSession(player: Player, slug: string) {
  const launched = await t.app.inject({
    method: 'POST',
    url: `/spa/games/${slug}/launch`,
    headers: player.headers,
    payload: { mode: 'real' },
  });
  expect(launched.statusCode).toBe(201);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/spa/games/originals/sessions',
    headers: { origin: SITE_ORIGIN },
    payload: { launchToken: launchResponseSchema.parse(launched.json()).launch.token },
  });
  expect(opened.statusCode).toBe(201);
  return originalsSessionResponseSchema.parse(opened.json()).session.token;
}

function play(session: string, bet: string, params: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/games/originals/rounds',
    headers: { origin: SITE_ORIGIN, 'x-game-session': session },
    payload: { bet, params },
  });
}

const DICE = { target: 5000, direction: 'under' };

/** Plays the round and holds it to the preview: the stake's parts, then the balances moved by stake and win alone. */
async function expectRoundTakes(
  player: Player,
  session: string,
  bet: string,
  shown: StakePreview,
  params: Record<string, unknown> = DICE,
) {
  expect(shown.refusal).toBeNull();
  const before = await balances(t, player.id);
  const played = await play(session, bet, params);
  expect(played.statusCode, played.body).toBe(201);
  const { round } = originalsRoundResponseSchema.parse(played.json());
  expect(round.funding?.stake).toEqual(shown.funding);
  const payout = round.funding!.payout!;
  const after = await balances(t, player.id);
  expect(before.main - after.main).toBe(minor(shown.funding!.cash) - minor(payout.cash));
  expect(before.bonus - after.bonus).toBe(minor(shown.funding!.bonus) - minor(payout.bonus));
  return round;
}

describe('GET /spa/users/stake-preview (casino)', () => {
  it('a cash-only player: the Originals round takes the cash the preview showed', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 20_00n);
    const shown = await stakePreview(player, { product: 'casino', game: 'dice', amount: '2.50' });
    expect(shown).toEqual({
      amount: '2.50',
      currency: 'EUR',
      available: { cash: '20.00', bonus: '0.00' },
      funding: { cash: '2.50', bonus: '0.00', freeSpin: '0.00' },
      refusal: null,
      bonus: null,
    });
    await expectRoundTakes(player, await originalsSession(player, 'dice'), '2.50', shown);
  });

  it("a bonus player: cash first, then bonus money; the game's contribution and the max bet come with it", async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 50n);
    const bonusId = await grantCampaignBonus(t, player.id, { amount: 10_00n, maxBet: 5_00n, wager: 20 });
    const shown = await stakePreview(player, { game: 'dice', amount: '2.00' });
    expect(shown).toMatchObject({
      available: { cash: '0.50', bonus: '10.00' },
      funding: { cash: '0.50', bonus: '1.50', freeSpin: '0.00' },
      bonus: {
        id: bonusId,
        takesPart: true,
        maxBet: '5.00',
        wagerRequired: '200.00',
        // Dice counts 20% of a stake, when it is taken.
        contributionPercent: 20,
        counts: '0.40',
        countsWhen: 'taken',
        minOdd: null,
      },
    });
    const session = await originalsSession(player, 'dice');
    const round = await expectRoundTakes(player, session, '2.00', shown);
    const history = await t.app.inject({
      url: '/spa/games/originals/rounds',
      headers: { origin: SITE_ORIGIN, 'x-game-session': session },
    });
    const listed = originalsRoundsResponseSchema.parse(history.json()).rounds.find((item) => item.id === round.id)!;
    expect(listed.funding).toEqual(round.funding);
    // The bonus-funded part's share of the win went to the bonus balance (the bonus runs): 1.50 of 2.00 of it.
    const paid = minor(round.payout);
    expect(listed.funding!.payout!.bonus).toBe(euros((paid * 150n) / 200n));
    const wagered = await stakePreview(player, { game: 'dice' });
    expect(wagered.bonus!.wagered).toBe('0.40');
  });

  it('without an amount: what the money and the bonus hold for the game, no decision', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 3_00n);
    await grantCampaignBonus(t, player.id, { amount: 4_00n, maxBet: 2_00n });
    const shown = await stakePreview(player, { game: 'lucky-reels' });
    expect(shown).toMatchObject({
      amount: null,
      available: { cash: '3.00', bonus: '4.00' },
      funding: null,
      refusal: null,
      bonus: { maxBet: '2.00', contributionPercent: 100, counts: '0.00', countsWhen: 'taken' },
    });
  });

  it('a free spin: paid by the house at the spin stake on its game; any other stake is the player’s money', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 5_00n);
    await grantCampaignBonus(t, player.id, { freeSpins: { game: 'lucky-reels', stake: 20n, spins: 2 }, maxBet: 5_00n });
    const spin = await stakePreview(player, { game: 'lucky-reels', amount: '0.20' });
    expect(spin).toMatchObject({
      funding: { cash: '0.00', bonus: '0.00', freeSpin: '0.20' },
      bonus: { freeSpins: { left: 2, stake: '0.20', game: 'lucky-reels', thisStake: true }, counts: '0.00' },
    });
    const other = await stakePreview(player, { game: 'lucky-reels', amount: '0.30' });
    expect(other).toMatchObject({
      funding: { cash: '0.30', freeSpin: '0.00' },
      bonus: { freeSpins: { thisStake: false } },
    });
    const elsewhere = await stakePreview(player, { game: 'dice', amount: '0.20' });
    expect(elsewhere.funding).toEqual({ cash: '0.20', bonus: '0.00', freeSpin: '0.00' });
    const session = await originalsSession(player, 'lucky-reels');
    await expectRoundTakes(player, session, '0.20', spin, {});
  });

  it('over the bonus max bet, or without the money: the refusal the round then meets', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 100_00n);
    await grantCampaignBonus(t, player.id, { amount: 5_00n, maxBet: 3_00n });
    const session = await originalsSession(player, 'dice');
    const over = await stakePreview(player, { game: 'dice', amount: '3.01' });
    expect(over).toMatchObject({ funding: null, refusal: { code: 'bonus_max_bet_exceeded' } });
    expectErrorEnvelope(await play(session, '3.01', DICE), 409, 'bonus_max_bet_exceeded');

    const poor = await signedInPlayer(t);
    await fund(t, poor.id, 1_00n);
    const short = await stakePreview(poor, { game: 'dice', amount: '1.01' });
    expect(short).toMatchObject({ funding: null, refusal: { code: 'insufficient_funds' } });
    expectErrorEnvelope(await play(await originalsSession(poor, 'dice'), '1.01', DICE), 409, 'insufficient_funds');
  });

  it('answers 401 to a visitor, 404 for no such game and 400 for a bad amount', async () => {
    const visitor = await t.app.inject({ url: '/spa/users/stake-preview?game=dice&amount=1.00' });
    expectErrorEnvelope(visitor, 401, 'unauthorized');
    const player = await signedInPlayer(t);
    const missing = await t.app.inject({ url: '/spa/users/stake-preview?game=no-such-game', headers: player.headers });
    expectErrorEnvelope(missing, 404, 'not_found');
    for (const query of ['game=dice&amount=0', 'game=dice&amount=1.001', 'game=Dice!', 'amount=1.00']) {
      const response = await t.app.inject({ url: `/spa/users/stake-preview?${query}`, headers: player.headers });
      expectErrorEnvelope(response, 400, 'validation_failed');
    }
  });

  it('for any money, bonus and bet: the round takes or refuses exactly as its preview said', async () => {
    const state = fc.record({
      main: fc.bigInt({ min: 0n, max: 10_00n }),
      bonus: fc.option(
        fc.record({
          amount: fc.bigInt({ min: 1n, max: 10_00n }),
          maxBet: fc.option(fc.bigInt({ min: 10n, max: 8_00n })),
        }),
      ),
      bet: fc.bigInt({ min: 10n, max: 12_00n }),
    });
    await fc.assert(
      fc.asyncProperty(state, async ({ main, bonus, bet }) => {
        const player = await signedInPlayer(t);
        if (main > 0n) await fund(t, player.id, main);
        // Wagering that one round cannot complete: a completed bonus converts its money to cash, which would move the
        // balances beyond the round's stake and win (seed 175933958: 0.01 of bonus, 1.50 of cash staked, +0.01 main).
        if (bonus) await grantCampaignBonus(t, player.id, { amount: bonus.amount, maxBet: bonus.maxBet, wager: 1000 });
        const shown = await stakePreview(player, { game: 'dice', amount: euros(bet) });
        const session = await originalsSession(player, 'dice');
        if (shown.refusal) {
          const before = await balances(t, player.id);
          const response = await play(session, euros(bet), DICE);
          expect(response.statusCode).toBe(409);
          expect(response.json<{ error: { code: string } }>().error.code).toBe(shown.refusal.code);
          expect(await balances(t, player.id)).toEqual(before);
        } else {
          await expectRoundTakes(player, session, euros(bet), shown);
        }
      }),
      { numRuns: 30 },
    );
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });
});
