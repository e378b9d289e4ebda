import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchResponseSchema,
  originalsRoundResponseSchema,
  originalsRoundsResponseSchema,
  originalsSessionResponseSchema,
  receiptsResponseSchema,
  receiptVerdictSchema,
  tableRoundResponseSchema,
  type ReceiptDocumentBody,
} from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  buildCasinoApp,
  fund,
  openGameSession,
  signedInPlayer,
  SITE_ORIGIN,
  walletCall,
  type CasinoTestApp,
} from '../helpers/games-fixtures';

let t: CasinoTestApp;
beforeAll(async () => {
  t = await buildCasinoApp();
});
afterAll(async () => t.close());

const factsOf = (receipt: ReceiptDocumentBody) =>
  JSON.parse(Buffer.from(receipt.payload, 'base64').toString('utf8')) as Record<string, unknown>;

async function verified(receipt: ReceiptDocumentBody) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/receipts/verify',
    headers: { origin: SITE_ORIGIN },
    payload: { receipt },
  });
  return receiptVerdictSchema.parse(response.json()).valid;
}

describe('receipts of casino rounds', () => {
  it("a provider's round: the bet and the win each get a signed receipt", async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 10_000n);
    const sessionId = await openGameSession(t, 'netstar', player, 'book-of-gold');
    const round = {
      sessionId,
      playerId: String(player.id),
      gameId: 'book-of-gold',
      roundId: `r-${randomUUID()}`,
      currency: 'EUR',
    };
    expect(
      (await walletCall(t, 'netstar', 'bet', { ...round, transactionId: `b-${randomUUID()}`, amount: '2.00' })).json(),
    ).toMatchObject({ status: 'ok' });
    expect(
      (await walletCall(t, 'netstar', 'win', { ...round, transactionId: `w-${randomUUID()}`, amount: '5.00' })).json(),
    ).toMatchObject({ status: 'ok' });
    const response = await t.app.inject({
      url: `/spa/users/receipts?provider=netstar&round=${round.roundId}`,
      headers: player.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const receipts = receiptsResponseSchema.parse(response.json()).receipts;
    expect(receipts.map((receipt) => factsOf(receipt))).toEqual([
      expect.objectContaining({
        subject: 'casino_round',
        event: 'bet',
        round: { provider: 'netstar', roundId: round.roundId, game: 'book-of-gold' },
        money: expect.objectContaining({ kind: 'casino_bet', main: '-2.00' }),
      }),
      expect.objectContaining({ event: 'win', money: expect.objectContaining({ kind: 'casino_win', main: '5.00' }) }),
    ]);
    for (const receipt of receipts) expect(await verified(receipt)).toBe(true);
    const stranger = await signedInPlayer(t);
    expectErrorEnvelope(
      await t.app.inject({
        url: `/spa/users/receipts?provider=netstar&round=${round.roundId}`,
        headers: stranger.headers,
      }),
      404,
      'not_found',
    );
  });

  it('an Originals round: its receipt carries the provably fair facts, under the id the round history names', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 5_000n);
    const launched = await t.app.inject({
      method: 'POST',
      url: '/spa/games/dice/launch',
      headers: player.headers,
      payload: { mode: 'real' },
    });
    const token = launchResponseSchema.parse(launched.json()).launch.token;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/sessions',
      headers: { origin: SITE_ORIGIN },
      payload: { launchToken: token },
    });
    const session = originalsSessionResponseSchema.parse(opened.json()).session;
    const played = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/rounds',
      headers: { origin: SITE_ORIGIN, 'x-game-session': session.token },
      payload: { bet: '1.00', params: { target: 5000, direction: 'under' } },
    });
    expect(played.statusCode, played.body).toBe(201);
    const { round } = originalsRoundResponseSchema.parse(played.json());
    expect(round.receiptRound).toBeTruthy();
    const response = await t.app.inject({
      url: `/spa/users/receipts?provider=originals&round=${encodeURIComponent(round.receiptRound!)}`,
      headers: player.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [bet] = receiptsResponseSchema.parse(response.json()).receipts;
    expect(factsOf(bet!)).toMatchObject({
      event: 'bet',
      round: {
        provider: 'originals',
        game: 'dice',
        fairness: { serverSeedHash: round.serverSeedHash, clientSeed: round.clientSeed, nonce: round.nonce },
      },
    });
    expect(await verified(bet!)).toBe(true);
  });

  it('a table round: its receipt carries the moves too, so the round replays from the receipt alone', async () => {
    const player = await signedInPlayer(t);
    await fund(t, player.id, 5_000n);
    const launched = await t.app.inject({
      method: 'POST',
      url: '/spa/games/blackjack-classic/launch',
      headers: player.headers,
      payload: { mode: 'real' },
    });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/spa/games/originals/sessions',
      headers: { origin: SITE_ORIGIN },
      payload: { launchToken: launchResponseSchema.parse(launched.json()).launch.token },
    });
    const session = originalsSessionResponseSchema.parse(opened.json()).session.token;
    const headers = { origin: SITE_ORIGIN, 'x-game-session': session };
    // A natural (the player's or the dealer's) ends a round at the deal, with no move to carry: deal again then.
    const deal = async () => {
      const dealt = await t.app.inject({
        method: 'POST',
        url: '/spa/games/originals/tables/rounds',
        headers,
        payload: { game: 'blackjack', bets: { boxes: ['1.00'] } },
      });
      expect(dealt.statusCode, dealt.body).toBe(201);
      return tableRoundResponseSchema.parse(dealt.json()).round;
    };
    let round = await deal();
    for (let deals = 1; round.status !== 'open' && deals < 20; deals += 1) round = await deal();
    expect(round.status).toBe('open');
    // Stand on every hand (declining insurance first) until the dealer has played.
    while (round.status === 'open') {
      const type = round.allowedActions.includes('no_insurance') ? 'no_insurance' : 'stand';
      const acted = await t.app.inject({
        method: 'POST',
        url: `/spa/games/originals/tables/rounds/${round.id}/actions`,
        headers,
        payload: { index: round.nextIndex, action: { type } },
      });
      expect(acted.statusCode, acted.body).toBe(200);
      round = tableRoundResponseSchema.parse(acted.json()).round;
    }
    const history = await t.app.inject({ url: '/spa/games/originals/rounds', headers });
    const [played] = originalsRoundsResponseSchema.parse(history.json()).rounds;
    expect(played!.actions!.length).toBeGreaterThan(0);
    const response = await t.app.inject({
      url: `/spa/users/receipts?provider=originals&round=${encodeURIComponent(played!.receiptRound!)}`,
      headers: player.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const receipts = receiptsResponseSchema.parse(response.json()).receipts;
    // The bet, and the win when the hand paid (a lost hand's 0.00 moves no money).
    expect(factsOf(receipts[0]!).event).toBe('bet');
    for (const receipt of receipts) {
      expect(factsOf(receipt)).toMatchObject({
        round: {
          game: 'blackjack-classic',
          // As the round is stored and replayed: stakes in minor units (the history shows them as decimals).
          fairness: {
            engine: 'table',
            params: { game: 'blackjack', bets: { boxes: ['100'] } },
            actions: played!.actions!.map((action) => ({ type: action.type })),
          },
        },
      });
      expect(await verified(receipt)).toBe(true);
    }
  });
});
