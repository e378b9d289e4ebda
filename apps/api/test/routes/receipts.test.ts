import { generateKeyPairSync, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  receiptCheckSchema,
  receiptKeysResponseSchema,
  receiptsResponseSchema,
  receiptVerdictSchema,
  type Bet,
  type ReceiptDocumentBody,
} from '@playhouse/shared';
import { publicKeyFromRaw } from '../../src/services/receipts/receipt-crypto';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import { englishBook, footballMatch } from '../helpers/sports-fixtures';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import {
  buildSportsApp,
  fund,
  idempotencyKey,
  pushFeed,
  signedInUser,
  SITE_ORIGIN,
  type SignedIn,
  type SportsTestApp,
} from './sports-helpers';

let t: SportsTestApp;
let trader: StaffCaller;
/** A change of a paid result takes a second pair of eyes (issue 19): a risk member approves the trader's request. */
let risk: StaffCaller;
const now = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildSportsApp();
  expect((await pushFeed(t, englishBook(now))).statusCode).toBe(200);
  trader = await staffCaller(t, ['trader']);
  risk = await staffCaller(t, ['risk']);
});
afterAll(async () => t.close());

let nextMatchId = 9_800_000;
async function betOnHome(user: SignedIn) {
  const matchId = ++nextMatchId;
  expect(
    (await pushFeed(t, { matches: [footballMatch(matchId, now + 2 * HOUR, { odds: { '1': 2.5 } })] })).statusCode,
  ).toBe(200);
  const market = await t.app.inject({ url: `/spa/staff/trading/matches/${matchId}`, headers: trader.headers });
  const outcomes = market
    .json<{ match: { marketsList: { id: number; outcomes: { id: number; label: string }[] }[] } }>()
    .match.marketsList.find((m) => m.id === matchId * 10)!.outcomes;
  const ids = Object.fromEntries(outcomes.map((outcome) => [outcome.label, outcome.id]));
  const placed = await t.app.inject({
    method: 'POST',
    url: '/spa/sports/bets',
    headers: { ...user.headers, 'idempotency-key': idempotencyKey() },
    payload: { kind: 'single', stake: '10', oddsChangePolicy: 'any', selections: [{ outcomeId: ids['1'], odd: 2.5 }] },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { bet: placed.json<{ bet: Bet }>().bet, matchId, ids };
}

function settle(matchId: number, ids: Record<string, number>, winner: string) {
  return t.app.inject({
    method: 'POST',
    url: `/spa/staff/trading/markets/${matchId * 10}/result`,
    headers: trader.headers,
    payload: {
      results: ['1', 'X', '2'].map((label) => ({ outcomeId: ids[label]!, result: label === winner ? 'won' : 'lost' })),
    },
  });
}

async function receiptsOf(user: SignedIn, betId: string) {
  const response = await t.app.inject({ url: `/spa/users/receipts?bet=${betId}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return receiptsResponseSchema.parse(response.json()).receipts;
}

async function publishedKeys() {
  const response = await t.app.inject({ url: '/spa/receipts/keys' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=300');
  return receiptKeysResponseSchema.parse(response.json());
}

/** What a player's own tool does: the signature over the payload's bytes with the published key. */
async function verifiesWithPublishedKey(receipt: ReceiptDocumentBody) {
  const key = (await publishedKeys()).keys.find((candidate) => candidate.id === receipt.keyId);
  if (!key) return false;
  return verify(
    null,
    Buffer.from(receipt.payload, 'base64'),
    publicKeyFromRaw(key.publicKey),
    Buffer.from(receipt.signature, 'base64'),
  );
}

const factsOf = (receipt: ReceiptDocumentBody) =>
  JSON.parse(Buffer.from(receipt.payload, 'base64').toString('utf8')) as Record<string, unknown> & {
    event: string;
    money?: { transferId: number; main: string; kind: string };
    bet: { id: string; stake: string; selections: { odd: number; outcome: string }[] };
    result?: { status: string };
  };

const verifyOnline = (receipt: unknown) =>
  t.app.inject({ method: 'POST', url: '/spa/receipts/verify', headers: { origin: SITE_ORIGIN }, payload: { receipt } });

describe('receipts of sports bets', () => {
  it('a placed bet has a signed receipt of its facts and its ledger transfer, the same bytes every time', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 5_000n);
    const { bet } = await betOnHome(user);
    const [placement, ...more] = await receiptsOf(user, bet.id);
    expect(more).toEqual([]);
    expect(await verifiesWithPublishedKey(placement!)).toBe(true);
    const facts = factsOf(placement!);
    const [stake] = await t.db
      .select()
      .from(schema.ledgerTransfers)
      .where(eq(schema.ledgerTransfers.kind, 'sports_stake'))
      .then((rows) => rows.filter((row) => row.metadata.betId === bet.id));
    expect(facts).toMatchObject({
      format: 'playhouse-receipt/1',
      issuer: SITE_ORIGIN,
      player: user.id,
      subject: 'sports_bet',
      event: 'placement',
      bet: { id: bet.id, stake: '10.00', currency: 'EUR', selections: [{ odd: 2.5, outcome: '1' }] },
      money: { transferId: stake!.id, kind: 'sports_stake', main: '-10.00', bonus: '0.00' },
      keyId: placement!.keyId,
    });
    expect(await receiptsOf(user, bet.id)).toEqual([placement]);
  });

  it('settlement, re-settlement and a lost result each get their receipt; nobody else gets them', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 5_000n);
    const { bet, matchId, ids } = await betOnHome(user);
    expect((await settle(matchId, ids, '1')).statusCode).toBe(200);
    expect((await receiptsOf(user, bet.id)).map((receipt) => factsOf(receipt).event)).toEqual([
      'placement',
      'settlement',
    ]);
    const asked = await settle(matchId, ids, '2');
    expect(asked.statusCode, asked.body).toBe(202);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/trading/requests/${asked.json<{ request: { id: string } }>().request.id}/approve`,
      headers: risk.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const all = await receiptsOf(user, bet.id);
    expect(all.map((receipt) => factsOf(receipt).event)).toEqual([
      'placement',
      'settlement',
      're-settlement',
      'settlement',
    ]);
    expect(factsOf(all[1]!).money).toMatchObject({ kind: 'sports_payout', main: '25.00' });
    expect(factsOf(all[2]!).money).toMatchObject({ kind: 'sports_reversal', main: '-25.00' });
    expect(factsOf(all[3]!)).toMatchObject({ result: { status: 'lost' } });
    for (const receipt of all) expect(await verifiesWithPublishedKey(receipt)).toBe(true);

    const stranger = await signedInUser(t);
    expectErrorEnvelope(
      await t.app.inject({ url: `/spa/users/receipts?bet=${bet.id}`, headers: stranger.headers }),
      404,
      'not_found',
    );
    expectErrorEnvelope(await t.app.inject({ url: `/spa/users/receipts?bet=${bet.id}` }), 401, 'unauthorized');
  });

  it('POST /spa/receipts/verify accepts a receipt as issued and refuses it changed by one byte', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 5_000n);
    const { bet } = await betOnHome(user);
    const [receipt] = await receiptsOf(user, bet.id);
    const accepted = receiptVerdictSchema.parse((await verifyOnline(receipt)).json());
    expect(accepted).toMatchObject({ valid: true, reason: null, keyId: receipt!.keyId });
    expect(accepted.facts).toMatchObject({ bet: { id: bet.id } });

    const bytes = Buffer.from(receipt!.payload, 'base64');
    const at = bytes.indexOf('10.00');
    bytes[at] = '9'.charCodeAt(0);
    const changed = receiptVerdictSchema.parse(
      (await verifyOnline({ ...receipt, payload: bytes.toString('base64') })).json(),
    );
    expect(changed).toMatchObject({ valid: false, reason: 'bad_signature', facts: null });
    expect(
      receiptVerdictSchema.parse((await verifyOnline({ ...receipt, keyId: 'ffffffffffffffff' })).json()),
    ).toMatchObject({ valid: false, reason: 'unknown_key' });
    expect(receiptVerdictSchema.parse((await verifyOnline('not a receipt')).json()).reason).toBe('malformed');
  });

  it('staff check a receipt a player brings: whom it was issued to, and the check is audited', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 5_000n);
    const { bet } = await betOnHome(user);
    const [receipt] = await receiptsOf(user, bet.id);
    const support = await staffCaller(t, ['support']);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/receipts/verify',
      headers: support.headers,
      payload: { receipt },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(receiptCheckSchema.parse(checked.json())).toMatchObject({
      valid: true,
      issued: { userId: user.id, receiptId: expect.any(Number) },
    });
    const marketing = await staffCaller(t, ['marketing']);
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/spa/staff/receipts/verify',
        headers: marketing.headers,
        payload: { receipt },
      }),
      403,
      'forbidden',
    );
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.event, 'staff_receipt_verified'));
    expect(audit.at(-1)).toMatchObject({ actorId: support.id, userId: user.id });
  });

  it('a rotated key signs new receipts while the old ones still verify', async () => {
    const user = await signedInUser(t);
    await fund(t, user.id, 5_000n);
    const first = await betOnHome(user);
    const [before] = await receiptsOf(user, first.bet.id);
    const admin = await staffCaller(t, ['admin']);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/receipts/keys/rotate',
      headers: admin.headers,
    });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const newKey = rotated.json<{ id: string }>().id;
    expect(newKey).not.toBe(before!.keyId);
    const keys = (await publishedKeys()).keys;
    expect(keys.find((key) => key.id === before!.keyId)?.retiredAt).not.toBeNull();
    expect(keys.find((key) => key.id === newKey)?.retiredAt).toBeNull();
    expect(await verifiesWithPublishedKey(before!)).toBe(true);
    expect(receiptVerdictSchema.parse((await verifyOnline(before)).json()).valid).toBe(true);

    const second = await betOnHome(user);
    const [after] = await receiptsOf(user, second.bet.id);
    expect(after!.keyId).toBe(newKey);
    expect(await verifiesWithPublishedKey(after!)).toBe(true);
    // The receipts issued before are the same bytes as before.
    expect((await receiptsOf(user, first.bet.id))[0]).toEqual(before);
  });
});

describe('a signing key from the environment', () => {
  it('signs, is published by its public half only, and cannot be rotated from the back office', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const u = await buildSportsApp({ RECEIPT_SIGNING_KEY: pem });
    try {
      const [row] = await u.db.select().from(schema.receiptKeys);
      expect(row).toMatchObject({ privateKey: null, retiredAt: null });
      const admin = await staffCaller(u, ['admin']);
      const rotate = await u.app.inject({
        method: 'POST',
        url: '/spa/staff/receipts/keys/rotate',
        headers: admin.headers,
      });
      expectErrorEnvelope(rotate, 409, 'receipt_key_from_environment');
    } finally {
      await u.close();
    }
  });
});
