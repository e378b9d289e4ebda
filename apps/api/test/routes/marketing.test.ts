import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import type { BonusesResponse, Campaign, CampaignPage } from '@playhouse/shared';
import { staffCaller, type StaffCaller } from '../helpers/staff';
import {
  buildCashboxApp,
  fund,
  idempotencyKey,
  signedInUser,
  type CashboxTestApp,
  type SignedIn,
} from './cashbox-helpers';

let t: CashboxTestApp;
let marketing: StaffCaller;
let marketing2: StaffCaller;

beforeAll(async () => {
  t = await buildCashboxApp({ RATE_LIMIT_MAX: '100000' });
  marketing = await staffCaller(t, ['marketing']);
  marketing2 = await staffCaller(t, ['marketing']);
});
afterAll(async () => t.close());

const uniqueSlug = (base: string) => `${base}-${randomUUID().slice(0, 8)}`;

function freeMoney(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    slug,
    kind: 'free_money',
    trigger: 'registration',
    names: { en: `Gift ${slug}`, de: `Geschenk ${slug}` },
    amount: '5.00',
    wager: 10,
    maxBet: '2.00',
    validDays: 7,
    offerDays: 14,
    contributions: { slots: 100, sports: 50 },
    currencyAmounts: { GBP: { amount: '4.00' } },
    ...overrides,
  };
}

/** The other marketing member approves whatever is pending about the campaign (going live, an edit, promo codes). */
async function approvePending(campaignId: number, by: StaffCaller) {
  const detail = await t.app.inject({ url: `/spa/staff/campaigns/${campaignId}`, headers: by.headers });
  for (const request of detail.json<{ campaign: Campaign }>().campaign.pendingRequests) {
    const approved = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/campaigns/requests/${request.id}/approve`,
      headers: by.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  const after = await t.app.inject({ url: `/spa/staff/campaigns/${campaignId}`, headers: by.headers });
  return after.json<{ campaign: Campaign }>().campaign;
}

/** A campaign as one marketing member makes it and the other approves it (four eyes): live from then on. */
async function createCampaign(body: Record<string, unknown>, by: StaffCaller = marketing): Promise<Campaign> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/spa/staff/campaigns',
    headers: by.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json<{ campaign: Campaign }>().campaign.status).toBe('pending');
  return approvePending(response.json<{ campaign: Campaign }>().campaign.id, by === marketing ? marketing2 : marketing);
}

async function offersOf(player: SignedIn): Promise<BonusesResponse> {
  const response = await t.app.inject({ method: 'GET', url: '/spa/users/bonuses', headers: player.headers });
  expect(response.statusCode).toBe(200);
  return response.json<BonusesResponse>();
}

async function campaignCount() {
  const [row] = await t.db.select({ value: count() }).from(schema.bonusCampaigns);
  return row!.value;
}

async function auditEvents(event: string) {
  return t.db.select().from(schema.auditLog).where(eq(schema.auditLog.event, event));
}

describe('staff campaign routes: who may call them', () => {
  it('refuse visitors (401) and players (403) before reading the body, and roles the table does not allow', async () => {
    const player = await signedInUser(t);
    const support = await staffCaller(t, ['support']);
    const finance = await staffCaller(t, ['finance']);
    for (const [method, url] of [
      ['GET', '/spa/staff/campaigns'],
      ['POST', '/spa/staff/campaigns'],
      ['PUT', '/spa/staff/campaigns/1'],
      ['POST', '/spa/staff/campaigns/1/pause'],
      ['POST', '/spa/staff/campaigns/1/promo-codes'],
      ['GET', '/spa/staff/affiliates'],
    ] as const) {
      const visitor = await t.app.inject({ method, url, headers: { origin: 'http://localhost:3000' }, payload: {} });
      expect(visitor.statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, headers: player.headers, payload: {} })).statusCode, url).toBe(403);
    }
    // Support and finance read campaigns; only marketing changes them.
    expect(
      (await t.app.inject({ method: 'GET', url: '/spa/staff/campaigns', headers: support.headers })).statusCode,
    ).toBe(200);
    const before = await campaignCount();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/campaigns',
      headers: support.headers,
      payload: freeMoney(uniqueSlug('support-made')),
    });
    expect(refused.statusCode).toBe(403);
    expect(await campaignCount()).toBe(before);
    // The affiliate report is for marketing and finance, not support.
    expect(
      (await t.app.inject({ method: 'GET', url: '/spa/staff/affiliates', headers: finance.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/spa/staff/affiliates', headers: support.headers })).statusCode,
    ).toBe(403);
  });
});

describe('campaigns: create, edit, pause, end', () => {
  it('creates a registration campaign (audited) that a player who signs up afterwards is offered, in their currency', async () => {
    const slug = uniqueSlug('welcome-gift');
    const campaign = await createCampaign(freeMoney(slug));
    expect(campaign).toMatchObject({
      slug,
      status: 'active',
      amount: '5.00',
      wager: 10,
      names: { en: `Gift ${slug}` },
    });
    expect(campaign.currencyAmounts).toEqual({ GBP: { amount: '4.00' } });
    const audit = await auditEvents('staff_campaign_create');
    expect(audit.some((row) => row.actorId === marketing.id && (row.after as { slug: string }).slug === slug)).toBe(
      true,
    );

    const euro = await signedInUser(t);
    const pound = await signedInUser(t, { currency: 'GBP' });
    expect((await offersOf(euro)).offers.find((offer) => offer.bonus.slug === slug)).toMatchObject({
      bonus: { names: { en: `Gift ${slug}`, de: `Geschenk ${slug}` } },
      amount: '5.00',
      currencyCode: 'EUR',
      wager: 10,
      maxBet: '2.00',
    });
    expect((await offersOf(pound)).offers.find((offer) => offer.bonus.slug === slug)).toMatchObject({
      amount: '4.00',
      currencyCode: 'GBP',
    });

    // The list finds it by slug, filtered by status; an unknown sort column is a 400.
    const page = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/campaigns?q=${slug}&status=active`,
      headers: marketing.headers,
    });
    expect(page.json<CampaignPage>()).toMatchObject({ total: 1, items: [{ slug, offers: 2, status: 'active' }] });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/campaigns?q=${slug}&format=csv`,
      headers: marketing.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${slug},Gift ${slug},free_money,registration,active,10,2,`);
    const badSort = await t.app.inject({
      method: 'GET',
      url: '/spa/staff/campaigns?sort=amount;drop',
      headers: marketing.headers,
    });
    expect(badSort.statusCode).toBe(400);
    await t.app.inject({ method: 'POST', url: `/spa/staff/campaigns/${campaign.id}/end`, headers: marketing.headers });
  });

  it('refuses bad terms and a taken slug with a 4xx and writes nothing', async () => {
    const before = await campaignCount();
    const slug = uniqueSlug('bad');
    for (const payload of [
      freeMoney(slug, { amount: null }),
      freeMoney(slug, { kind: 'coins', items: ['1.00'] }),
      freeMoney(slug, { kind: 'free_spins', freeSpins: 10, freeSpinStake: '0.20', gameSlug: 'no-such-game' }),
      freeMoney(slug, { trigger: 'first_deposit' }),
      freeMoney(slug, { amount: '1.005' }),
      freeMoney(slug, { currencyAmounts: { XXX: { amount: '1.00' } } }),
      freeMoney(slug, { contributions: { poker: 100 } }),
      freeMoney('Not A Slug'),
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/staff/campaigns',
        headers: marketing.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await campaignCount()).toBe(before);
    const made = await createCampaign(freeMoney(slug, { trigger: 'manual' }));
    const taken = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/campaigns',
      headers: marketing.headers,
      payload: freeMoney(slug, { trigger: 'manual' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'campaign_slug_taken' } });
    expect(await campaignCount()).toBe(before + 1);
    const { slug: _slug, ...terms } = freeMoney(slug);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/spa/staff/campaigns/999999',
      headers: marketing.headers,
      payload: terms,
    });
    expect(missing.statusCode).toBe(404);
    expect(made.status).toBe('active');
  });

  it('an edit changes what the campaign offers from now on; bonuses already offered or granted keep their terms', async () => {
    const slug = uniqueSlug('edit-me');
    const campaign = await createCampaign(freeMoney(slug));
    const early = await signedInUser(t);
    const offer = (await offersOf(early)).offers.find((item) => item.bonus.slug === slug)!;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/spa/users/bonuses/get/${offer.id}`,
      headers: { ...early.headers, 'idempotency-key': idempotencyKey() },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const waiting = await signedInUser(t);
    expect((await offersOf(waiting)).offers.find((item) => item.bonus.slug === slug)?.amount).toBe('5.00');

    const { slug: _slug, ...terms } = freeMoney(slug, { amount: '9.00', wager: 40, maxBet: '1.00', validDays: 1 });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/spa/staff/campaigns/${campaign.id}`,
      headers: marketing2.headers,
      payload: terms,
    });
    // A live campaign's edit waits for the other marketing member.
    expect(edited.statusCode, edited.body).toBe(202);
    expect(await approvePending(campaign.id, marketing)).toMatchObject({ amount: '9.00', wager: 40 });
    const [audit] = (await auditEvents('staff_campaign_update')).filter(
      (row) => (row.metadata as { campaignId: number }).campaignId === campaign.id,
    );
    expect(audit).toMatchObject({
      actorId: marketing.id,
      metadata: { requestedBy: marketing2.id },
      before: { amount: '5.00', wager: 10 },
    });
    expect(audit!.after).toMatchObject({ amount: '9.00', wager: 40 });

    // The granted bonus: 5.00 to wager 10 times, max bet 2.00, as accepted.
    const active = (await offersOf(early)).active!;
    expect(active).toMatchObject({ slug, amount: '5.00', wagerRequired: '50.00', maxBet: '2.00' });
    // The open offer keeps its terms too; a player who signs up now gets the new ones.
    expect((await offersOf(waiting)).offers.find((item) => item.bonus.slug === slug)).toMatchObject({
      amount: '5.00',
      wager: 10,
    });
    const late = await signedInUser(t);
    expect((await offersOf(late)).offers.find((item) => item.bonus.slug === slug)).toMatchObject({
      amount: '9.00',
      wager: 40,
      maxBet: '1.00',
    });
    // A bet above the edited max bet but within the granted one is still the granted rule's business: the stake
    // pipeline reads the bonus's own terms (see bonus-engine asOffered).
    await t.app.inject({ method: 'POST', url: `/spa/staff/campaigns/${campaign.id}/end`, headers: marketing.headers });
  });

  it('pause stops new offers, resume restarts them, end withdraws open offers and freezes the campaign', async () => {
    const slug = uniqueSlug('seasonal');
    const campaign = await createCampaign(freeMoney(slug));
    const act = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/spa/staff/campaigns/${campaign.id}/${action}`,
        headers: marketing.headers,
      });
    const before = await signedInUser(t);
    expect((await offersOf(before)).offers.some((offer) => offer.bonus.slug === slug)).toBe(true);

    expect((await act('pause')).json<{ campaign: Campaign }>().campaign.status).toBe('paused');
    const duringPause = await signedInUser(t);
    expect((await offersOf(duringPause)).offers.some((offer) => offer.bonus.slug === slug)).toBe(false);
    // The open offer made before the pause is still there.
    expect((await offersOf(before)).offers.some((offer) => offer.bonus.slug === slug)).toBe(true);

    expect((await act('resume')).json<{ campaign: Campaign }>().campaign.status).toBe('active');
    expect((await offersOf(duringPause)).offers.some((offer) => offer.bonus.slug === slug)).toBe(true);

    const ended = (await act('end')).json<{ campaign: Campaign }>().campaign;
    expect(ended.status).toBe('ended');
    expect((await offersOf(before)).offers.some((offer) => offer.bonus.slug === slug)).toBe(false);
    const open = await t.db
      .select({ value: count() })
      .from(schema.userBonuses)
      .where(and(eq(schema.userBonuses.campaignId, campaign.id), eq(schema.userBonuses.status, 'offered')));
    expect(open[0]!.value).toBe(0);
    expect((await act('resume')).statusCode).toBe(409);
    expect((await act('end')).statusCode).toBe(200);
    expect((await act('explode')).statusCode).toBe(400);
    const { slug: _slug, ...terms } = freeMoney(slug);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/spa/staff/campaigns/${campaign.id}`,
      headers: marketing.headers,
      payload: terms,
    });
    expect(edit.statusCode).toBe(409);
    expect((await auditEvents('staff_campaign_end')).length).toBeGreaterThan(0);
  });

  it('a staff grant (four eyes) of a paused campaign is refused at approval and offers nothing', async () => {
    const slug = uniqueSlug('chosen');
    const campaign = await createCampaign(freeMoney(slug, { trigger: 'manual' }));
    const player = await signedInUser(t);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/bonuses/offers',
      headers: { ...marketing.headers, 'idempotency-key': idempotencyKey() },
      payload: { login: player.username, campaign: slug },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<{ request: { id: string } }>().request.id;
    await t.app.inject({
      method: 'POST',
      url: `/spa/staff/campaigns/${campaign.id}/pause`,
      headers: marketing.headers,
    });
    const own = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/bonuses/offers/${requestId}/approve`,
      headers: marketing.headers,
    });
    expect(own.statusCode).toBe(403);
    const paused = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/bonuses/offers/${requestId}/approve`,
      headers: marketing2.headers,
    });
    expect(paused.statusCode).toBe(409);
    expect(paused.json()).toMatchObject({ error: { code: 'campaign_not_live' } });
    await t.app.inject({
      method: 'POST',
      url: `/spa/staff/campaigns/${campaign.id}/resume`,
      headers: marketing.headers,
    });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/bonuses/offers/${requestId}/approve`,
      headers: marketing2.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await offersOf(player)).offers.some((offer) => offer.bonus.slug === slug)).toBe(true);
  });
});

describe('promo codes', () => {
  async function promoCampaign(code: string, options: Record<string, unknown> = {}) {
    const campaign = await createCampaign(freeMoney(uniqueSlug('promo'), { trigger: 'promo_code' }));
    const added = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/campaigns/${campaign.id}/promo-codes`,
      headers: marketing.headers,
      payload: { code, ...options },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ approved: false });
    // The code redeems once the other marketing member approves it.
    await approvePending(campaign.id, marketing2);
    return { campaign, code: added.json<{ id: number; code: string }>() };
  }

  const redeem = (player: SignedIn, code: string) =>
    t.app.inject({ method: 'POST', url: '/spa/users/promocodes', headers: player.headers, payload: { code } });

  it('grants the campaign once: a second redemption and a racing one are refused, with one offer written', async () => {
    const code = `SPRING${randomUUID().slice(0, 6).toUpperCase()}`;
    const { campaign, code: row } = await promoCampaign(code);
    expect(row.code).toBe(code);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/campaigns/${campaign.id}/promo-codes`,
      headers: marketing.headers,
      payload: { code: code.toLowerCase() },
    });
    expect(duplicate.statusCode).toBe(409);

    const player = await signedInUser(t);
    const first = await redeem(player, code.toLowerCase());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ offer: { amount: '5.00', bonus: { slug: campaign.slug } } });
    const again = await redeem(player, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'promo_code_used' } });

    const racer = await signedInUser(t);
    const answers = await Promise.all([redeem(racer, code), redeem(racer, code), redeem(racer, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db
      .select({ value: count() })
      .from(schema.userBonuses)
      .where(and(eq(schema.userBonuses.userId, racer.id), eq(schema.userBonuses.campaignId, campaign.id)));
    expect(rows[0]!.value).toBe(1);
    const [stored] = await t.db.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, row.id));
    expect(stored!.redemptions).toBe(2);
  });

  it('never lets racing players redeem a capped code past its cap', async () => {
    const code = `CAP${randomUUID().slice(0, 6).toUpperCase()}`;
    const { campaign, code: row } = await promoCampaign(code, { maxRedemptions: 2 });
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => signedInUser(t)));
    const answers = await Promise.all(players.map((player) => redeem(player, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 410, 410, 410]);
    const [stored] = await t.db.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, row.id));
    expect(stored!.redemptions).toBe(2);
    const offers = await t.db
      .select({ value: count() })
      .from(schema.userBonuses)
      .where(eq(schema.userBonuses.campaignId, campaign.id));
    expect(offers[0]!.value).toBe(2);
  });

  it('answers unknown, expired, used-up and malformed codes with a clear 4xx and offers nothing', async () => {
    const player = await signedInUser(t);
    expect((await redeem(player, 'NO-SUCH-CODE')).json()).toMatchObject({ error: { code: 'promo_code_unknown' } });
    expect((await redeem(player, 'NO-SUCH-CODE')).statusCode).toBe(404);
    expect((await redeem(player, 'x')).statusCode).toBe(400);

    const expiring = `LATE${randomUUID().slice(0, 6).toUpperCase()}`;
    const { code: expiringRow } = await promoCampaign(expiring, {
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await t.db
      .update(schema.promoCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.promoCodes.id, expiringRow.id));
    const expired = await redeem(player, expiring);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: { code: 'promo_code_expired' } });

    const single = `ONCE${randomUUID().slice(0, 6).toUpperCase()}`;
    const { campaign } = await promoCampaign(single, { maxRedemptions: 1 });
    expect((await redeem(await signedInUser(t), single)).statusCode).toBe(201);
    const exhausted = await redeem(player, single);
    expect(exhausted.statusCode).toBe(410);
    expect(exhausted.json()).toMatchObject({ error: { code: 'promo_code_exhausted' } });

    const paused = `PAUSE${randomUUID().slice(0, 6).toUpperCase()}`;
    const { campaign: pausedCampaign } = await promoCampaign(paused);
    await t.app.inject({
      method: 'POST',
      url: `/spa/staff/campaigns/${pausedCampaign.id}/pause`,
      headers: marketing.headers,
    });
    expect((await redeem(player, paused)).statusCode).toBe(410);

    const offers = await t.db.select().from(schema.userBonuses).where(eq(schema.userBonuses.userId, player.id));
    expect(offers).toEqual([]);
    expect(campaign.id).toBeGreaterThan(0);
    // A code only goes on a promo-code campaign.
    const manual = await createCampaign(freeMoney(uniqueSlug('no-codes'), { trigger: 'manual' }));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/spa/staff/campaigns/${manual.id}/promo-codes`,
      headers: marketing.headers,
      payload: { code: `NOPE${randomUUID().slice(0, 6)}` },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('redeems the code a player registered with once, when it was a live promo code at sign-up', async () => {
    const early = await signedInUser(t);
    const code = `JOIN${randomUUID().slice(0, 6).toUpperCase()}`;
    const { campaign, code: row } = await promoCampaign(code);
    const joined = await signedInUser(t);
    for (const player of [early, joined]) {
      await t.db.update(schema.users).set({ promoCode: code.toLowerCase() }).where(eq(schema.users.id, player.id));
    }
    expect((await offersOf(joined)).offers.filter((offer) => offer.bonus.slug === campaign.slug)).toHaveLength(1);
    expect((await offersOf(joined)).offers.filter((offer) => offer.bonus.slug === campaign.slug)).toHaveLength(1);
    // Signed up before the code existed: not what they typed it for.
    expect((await offersOf(early)).offers.some((offer) => offer.bonus.slug === campaign.slug)).toBe(false);
    const [stored] = await t.db.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, row.id));
    expect(stored!.redemptions).toBe(1);
    // Typing it again on the profile is refused: the campaign was already received by promo code.
    expect((await redeem(joined, code)).statusCode).toBe(409);
  });

  it('limits attempts per player (429) and refuses visitors (401)', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/spa/users/promocodes',
      headers: { origin: 'http://localhost:3000' },
      payload: { code: 'ANYCODE' },
    });
    expect(visitor.statusCode).toBe(401);
    const player = await signedInUser(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await redeem(player, `GUESS${attempt}`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('describes the affiliate-promocode form with the rule the route validates with', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/spa/forms/affiliate-promocode' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      form: {
        id: 'affiliate-promocode',
        fields: [
          {
            name: 'code',
            type: 'text',
            required: true,
            label: 'Promo code',
            constraints: { pattern: expect.any(String) },
          },
        ],
      },
    });
  });
});

describe('the affiliate report', () => {
  it('counts registrations, depositors, deposits and NGR per registration code from the ledger', async () => {
    const code = `aff${randomUUID().slice(0, 6)}`;
    const [one, two] = [await signedInUser(t), await signedInUser(t)];
    await t.db.update(schema.users).set({ promoCode: code }).where(eq(schema.users.id, one.id));
    await t.db.update(schema.users).set({ promoCode: code.toUpperCase() }).where(eq(schema.users.id, two.id));
    await fund(t, one.id, 5000n);
    // A 30.00 stake, a 12.00 win: the house keeps 18.00.
    const play = async (kind: 'casino_bet' | 'casino_win', amount: bigint) =>
      t.app.services.wallet.transfer({
        idempotencyKey: `test:${randomUUID()}`,
        kind,
        currency: 'EUR',
        legs: [
          { account: { userId: one.id, kind: 'main' }, amount },
          { account: { house: 'casino' }, amount: -amount },
        ],
      });
    await play('casino_bet', -3000n);
    await play('casino_win', 1200n);
    const finance = await staffCaller(t, ['finance']);
    const response = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/affiliates?q=${code}&currency=EUR`,
      headers: finance.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      total: 1,
      currency: 'EUR',
      items: [{ code: code.toUpperCase(), registrations: 2, depositors: 1, deposits: '50.00', ngr: '18.00' }],
    });
    // The whole filtered report as CSV; a code a spreadsheet would run is neutralised.
    const evil = await signedInUser(t);
    const formula = `=cmd${randomUUID().slice(0, 4)}`;
    await t.db.update(schema.users).set({ promoCode: formula }).where(eq(schema.users.id, evil.id));
    const csv = await t.app.inject({
      method: 'GET',
      url: `/spa/staff/affiliates?format=csv&currency=EUR&sort=code&dir=asc`,
      headers: finance.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('code,registrations,depositors,deposits EUR,NGR EUR,first registration');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${code.toUpperCase()},2,1,50.00,18.00,`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^'${formula.toUpperCase()},1,0,0.00,0.00,`)));
    const bad = await t.app.inject({
      method: 'GET',
      url: '/spa/staff/affiliates?sort=ngr;--&currency=XXX',
      headers: finance.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('cashback and weekday campaigns in the back office (issue 20)', () => {
  const cashback = (slug: string, overrides: Record<string, unknown> = {}) =>
    freeMoney(slug, {
      kind: 'cashback',
      trigger: 'net_loss',
      amount: '50.00',
      matchPercent: 15,
      payout: 'cash',
      timeZone: 'Europe/Malta',
      currencyAmounts: {},
      ...overrides,
    });

  it('POST /spa/staff/campaigns makes a cashback that a second marketing member approves before it pays', async () => {
    const slug = uniqueSlug('cashback');
    const created = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/campaigns',
      headers: marketing.headers,
      payload: cashback(slug),
    });
    expect(created.statusCode, created.body).toBe(201);
    const pending = created.json<{ campaign: Campaign }>().campaign;
    expect(pending).toMatchObject({ status: 'pending', kind: 'cashback', matchPercent: 15, payout: 'cash' });
    expect(pending.timeZone).toBe('Europe/Malta');
    const live = await approvePending(pending.id, marketing2);
    expect(live.status).toBe('active');
  });

  it('POST /spa/staff/campaigns refuses terms the engine cannot run, with 400 naming the field and nothing written', async () => {
    const before = await campaignCount();
    for (const [body, field] of [
      [cashback(uniqueSlug('no-share'), { matchPercent: null }), 'matchPercent'],
      [cashback(uniqueSlug('too-much'), { matchPercent: 150 }), 'matchPercent'],
      [cashback(uniqueSlug('by-hand'), { trigger: 'manual' }), 'trigger'],
      [freeMoney(uniqueSlug('loss-gift'), { trigger: 'net_loss' }), 'trigger'],
      [freeMoney(uniqueSlug('no-days'), { trigger: 'deposit', weekdays: [] }), 'weekdays'],
      [freeMoney(uniqueSlug('mars'), { trigger: 'deposit', weekdays: [5], timeZone: 'Mars/Olympus' }), 'timeZone'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/spa/staff/campaigns',
        headers: marketing.headers,
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json()), field).toContain(field);
    }
    const outOfRange = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/campaigns',
      headers: marketing.headers,
      payload: freeMoney(uniqueSlug('day-eight'), { trigger: 'deposit', weekdays: [8] }),
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(await campaignCount()).toBe(before);
  });

  it('a weekday campaign keeps its days sorted and once each', async () => {
    const campaign = await createCampaign(
      freeMoney(uniqueSlug('friday-gift'), { trigger: 'deposit', weekdays: [7, 5, 5], timeZone: 'Europe/Malta' }),
    );
    expect(campaign).toMatchObject({ trigger: 'deposit', weekdays: [5, 7], timeZone: 'Europe/Malta' });
  });
});
