import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonusesResponse, Campaign, StaffRequest } from '@playhouse/shared';
import { expectErrorEnvelope } from '../helpers/build-test-app';
import {
  balances,
  buildCasinoApp,
  fund,
  openGameSession,
  signedInPlayer,
  walletCall,
  type CasinoTestApp,
  type Player,
} from '../helpers/games-fixtures';
import { ledgerViolations, NO_VIOLATIONS } from '../helpers/ledger-invariants';
import { staffCaller, type StaffCaller } from '../helpers/staff';

/**
 * Issue 19, finding 2: a marketing member minted withdrawable money alone. A free-money campaign with wager 0 and
 * 999,999,999.99, a promo code, one 1.00 dice round, and the withdrawal was accepted. These tests go through the api
 * as the insider and the player would.
 */
let t: CasinoTestApp;
let marketing: StaffCaller;
let marketing2: StaffCaller;
let admin: StaffCaller;
let admin2: StaffCaller;

beforeAll(async () => {
  t = await buildCasinoApp({ RATE_LIMIT_MAX: '100000' });
  marketing = await staffCaller(t, ['marketing']);
  marketing2 = await staffCaller(t, ['marketing']);
  admin = await staffCaller(t, ['admin']);
  admin2 = await staffCaller(t, ['admin']);
});
afterAll(async () => t.close());

const IBAN = 'DE89370400440532013000';
const uniqueSlug = (base: string) => `${base}-${randomUUID().slice(0, 8)}`;
const uniqueCode = (base: string) => `${base}${randomUUID().slice(0, 6).toUpperCase()}`;

function call(who: { headers: Record<string, string> }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

function promoCampaign(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    slug,
    kind: 'free_money',
    trigger: 'promo_code',
    names: { en: `Gift ${slug}` },
    amount: '50.00',
    wager: 1,
    maxBet: null,
    validDays: 7,
    offerDays: 7,
    contributions: { slots: 100, dice: 100 },
    ...overrides,
  };
}

/** The pending four-eyes requests about a campaign (its publication, an edit, a promo code). */
async function campaignRequests(campaignId: number): Promise<StaffRequest[]> {
  const response = await call(marketing2, 'GET', '/spa/staff/campaigns/requests?status=pending');
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ items: StaffRequest[] }>()
    .items.filter((request) => (request.payload as { campaignId?: number }).campaignId === campaignId);
}

/** The second marketing member approves whatever the first asked about the campaign. */
async function approveCampaignRequests(campaignId: number, by: StaffCaller = marketing2) {
  for (const request of await campaignRequests(campaignId)) {
    const approved = await call(by, 'POST', `/spa/staff/campaigns/requests/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
  }
}

async function createCampaign(body: Record<string, unknown>): Promise<Campaign> {
  const response = await call(marketing, 'POST', '/spa/staff/campaigns', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ campaign: Campaign }>().campaign;
}

async function addCode(campaignId: number, code: string) {
  const response = await call(marketing, 'POST', `/spa/staff/campaigns/${campaignId}/promo-codes`, { code });
  expect(response.statusCode, response.body).toBe(201);
}

const redeem = (player: Player, code: string) => call(player, 'POST', '/spa/users/promocodes', { code });

async function accept(player: Player, bonusId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/spa/users/bonuses/get/${bonusId}`,
    headers: { ...player.headers, 'idempotency-key': `accept-${randomUUID()}` },
  });
}

function withdraw(player: Player, amount: string) {
  return t.app.inject({
    method: 'POST',
    url: '/spa/cashbox/withdrawals',
    headers: { ...player.headers, 'idempotency-key': `withdraw-${randomUUID()}` },
    payload: {
      method: 'sandbox_bank',
      amount,
      details: { iban: IBAN, accountHolder: 'Ada Player' },
      forfeitBonus: true,
    },
  });
}

/** A round of an Originals game as its host plays it through the seamless wallet: a bet, then its win (0 or more). */
async function round(player: Player, sessionId: string, gameId: string, stake: string, win: string) {
  const roundId = `round-${randomUUID()}`;
  const base = { sessionId, roundId, playerId: String(player.id), gameId, currency: 'EUR' };
  const bet = await walletCall(t, 'originals', 'bet', { ...base, transactionId: `tx-${randomUUID()}`, amount: stake });
  expect(bet.json(), bet.body).toMatchObject({ status: 'ok' });
  const paid = await walletCall(t, 'originals', 'win', { ...base, transactionId: `tx-${randomUUID()}`, amount: win });
  expect(paid.json(), paid.body).toMatchObject({ status: 'ok' });
}

/** Admins set a currency's campaign limits: one asks, the other approves. */
async function setLimits(limits: { currency: string; maxAmount: string; minWager: number; maxCashout: string }) {
  const asked = await call(admin, 'PUT', '/spa/staff/settings/campaign-limits', limits);
  expect(asked.statusCode, asked.body).toBe(202);
  const { request } = asked.json<{ request: StaffRequest }>();
  const approved = await call(admin2, 'POST', `/spa/staff/settings/requests/${request.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
}

describe('issue 19, finding 2: a marketing member mints withdrawable money', () => {
  it('refuses a campaign past the limits: wager 0 and 999,999,999.99 (400, nothing written)', async () => {
    const slug = uniqueSlug('mint');
    const response = await call(
      marketing,
      'POST',
      '/spa/staff/campaigns',
      promoCampaign(slug, { amount: '999999999.99', wager: 0 }),
    );
    const body = expectErrorEnvelope(response, 400, 'campaign_beyond_limits');
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['amount', 'wager']);
    const list = await call(marketing, 'GET', `/spa/staff/campaigns?q=${slug}`);
    expect(list.json<{ total: number }>().total).toBe(0);
  });

  it('a campaign and its promo code offer nothing until a second marketing member approves them', async () => {
    const campaign = await createCampaign(promoCampaign(uniqueSlug('alone')));
    expect(campaign.status).toBe('pending');
    const code = uniqueCode('ALONE');
    await addCode(campaign.id, code);
    const player = await signedInPlayer(t);
    expectErrorEnvelope(await redeem(player, code), 404, 'promo_code_unknown');

    // The maker cannot approve their own campaign or code.
    const [own] = await campaignRequests(campaign.id);
    expectErrorEnvelope(
      await call(marketing, 'POST', `/spa/staff/campaigns/requests/${own!.id}/approve`),
      403,
      'four_eyes_required',
    );
    expectErrorEnvelope(await redeem(player, code), 404, 'promo_code_unknown');

    await approveCampaignRequests(campaign.id);
    const redeemed = await redeem(player, code);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect(redeemed.json()).toMatchObject({ offer: { amount: '50.00' } });
  });

  it('an edit of a live campaign waits for approval while the live terms keep running', async () => {
    const campaign = await createCampaign(promoCampaign(uniqueSlug('edit')));
    const code = uniqueCode('EDIT');
    await addCode(campaign.id, code);
    await approveCampaignRequests(campaign.id);

    const edited = await call(
      marketing,
      'PUT',
      `/spa/staff/campaigns/${campaign.id}`,
      (({ slug: _slug, ...terms }) => terms)(promoCampaign(campaign.slug, { amount: '80.00', wager: 3 })),
    );
    expect(edited.statusCode, edited.body).toBe(202);
    const first = await signedInPlayer(t);
    expect((await redeem(first, code)).json()).toMatchObject({ offer: { amount: '50.00', wager: 1 } });

    await approveCampaignRequests(campaign.id);
    const second = await signedInPlayer(t);
    expect((await redeem(second, code)).json()).toMatchObject({ offer: { amount: '80.00', wager: 3 } });
  });

  it('the engine holds the limits at grant and conversion, for a campaign approved before they were lowered', async () => {
    const campaign = await createCampaign(promoCampaign(uniqueSlug('before'), { amount: '900.00', wager: 1 }));
    const code = uniqueCode('BEFORE');
    await addCode(campaign.id, code);
    await approveCampaignRequests(campaign.id);

    // Admins lower the EUR limits afterwards: at most 100.00 a player, at least 2x wagering, 50.00 cash-out.
    await setLimits({ currency: 'EUR', maxAmount: '100.00', minWager: 2, maxCashout: '50.00' });

    const player = await signedInPlayer(t);
    await fund(t, player.id, 1_000n);
    const redeemed = await redeem(player, code);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const offerId = redeemed.json<{ offer: { id: string } }>().offer.id;
    const accepted = await accept(player, offerId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ bonus: { amount: '100.00', wagerRequired: '200.00' } });

    // The single 1.00 dice round converts nothing.
    const dice = await openGameSession(t, 'originals', player, 'dice');
    await round(player, dice, 'dice', '1.00', '0.00');
    const { active } = (await call(player, 'GET', '/spa/users/bonuses')).json<BonusesResponse>();
    expect(active).toMatchObject({ id: offerId });

    // Wagering met with a big win (main money is staked first): 9.00 main + 91.00 bonus, won 300.00 (273.00 of it
    // bonus); then 27.00 main + 73.00 bonus, which meets the 200.00: 209.00 of bonus money converts, capped at 50.00.
    const reels = await openGameSession(t, 'originals', player, 'lucky-reels');
    await round(player, reels, 'lucky-reels', '100.00', '300.00');
    await round(player, reels, 'lucky-reels', '100.00', '0.00');
    const after = (await call(player, 'GET', '/spa/users/bonuses')).json<BonusesResponse>();
    expect(after.active).toBeNull();
    expect(await balances(t, player.id)).toMatchObject({ main: 5_000n, bonus: 0n });
    expectErrorEnvelope(await withdraw(player, '50.01'), 409, 'insufficient_funds');
    expect(await ledgerViolations(t.db)).toEqual(NO_VIOLATIONS);
  });

  it('changing the limits is a request a second admin approves; nobody approves their own', async () => {
    const asked = await call(admin, 'PUT', '/spa/staff/settings/campaign-limits', {
      currency: 'USD',
      maxAmount: '999999999.99',
      minWager: 0,
      maxCashout: '999999999.99',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { request } = asked.json<{ request: StaffRequest }>();
    expectErrorEnvelope(
      await call(admin, 'POST', `/spa/staff/settings/requests/${request.id}/approve`),
      403,
      'four_eyes_required',
    );
    expectErrorEnvelope(
      await call(marketing2, 'POST', `/spa/staff/settings/requests/${request.id}/approve`),
      403,
      'forbidden',
    );
    const limits = (await call(marketing, 'GET', '/spa/staff/campaigns/limits')).json<{
      limits: { currency: string; maxAmount: string }[];
    }>();
    expect(limits.limits.find((row) => row.currency === 'USD')?.maxAmount).not.toBe('999999999.99');
  });
});
