import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  LOCALES,
  articlesResponseSchema,
  bonusInfosResponseSchema,
  formatMinor,
  slidesResponseSchema,
  type PromotionTerms,
} from '@playhouse/shared';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

/*
 * Issue 20, "Promotions are real": every slide, banner, bonus info entry or article that offers a bonus names a live
 * campaign, and the terms it shows are that campaign's own (one source of terms). Before, the promotions page promised
 * a weekend reload, Friday free spins and a weekly cashback that no campaign stood behind, and its welcome terms (30x
 * in 14 days, max bet €5) were not the engine's (35x, 30 days, €10).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** Words with which a text offers a bonus. */
const OFFERS = /\bbonus\b|free spins|cashback|reload/i;
/** A figure of a bonus's terms written by hand: a percent, an amount in euros, a multiple, a number of days or spins. */
const HAND_WRITTEN_FIGURE = /\d+\s?%|€\s?\d|\d\s?€|\b\d+\s?(x|×|times)\b|\b\d+\s+(days?|free spins?)\b/i;

const sentences = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/[.!?;:]\s|<\/li>/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/** The sentences of a text that offer a bonus and state a figure of it themselves. */
const handWrittenTerms = (html: string) =>
  sentences(html).filter((sentence) => OFFERS.test(sentence) && HAND_WRITTEN_FIGURE.test(sentence));

async function get<T>(url: string, schemaOf: { parse: (value: unknown) => T }, lng = 'en'): Promise<T> {
  const response = await t.app.inject({ url, headers: { 'x-locale': lng } });
  expect(response.statusCode, url).toBe(200);
  return schemaOf.parse(response.json());
}

/** The campaign's row, read here without the api's view code, and what a promotion of it must show. */
async function expectTermsOfCampaign(terms: PromotionTerms | null, where: string) {
  expect(terms, `${where} names a live campaign`).not.toBeNull();
  const [campaign] = await t.db.select().from(schema.bonusCampaigns).where(eq(schema.bonusCampaigns.slug, terms!.slug));
  expect(campaign, `${where}: campaign ${terms!.slug} exists`).toBeDefined();
  expect(campaign!.active && campaign!.endedAt === null && campaign!.approvedAt !== null, `${where} is live`).toBe(
    true,
  );
  const money = (value: bigint | null) => (value === null ? null : formatMinor(value, 'EUR'));
  expect(terms, where).toMatchObject({
    kind: campaign!.kind,
    trigger: campaign!.trigger,
    currencyCode: 'EUR',
    amount: money(campaign!.amount),
    percent: campaign!.matchPercent,
    minDeposit: money(campaign!.minDeposit),
    freeSpins: campaign!.freeSpins,
    freeSpinStake: money(campaign!.freeSpinStake),
    wager: campaign!.wager,
    maxBet: money(campaign!.maxBet),
    validDays: campaign!.validDays,
    offerDays: campaign!.offerDays,
    weekdays: campaign!.weekdays,
    timeZone: campaign!.timeZone,
    payout: campaign!.payout,
    contributions: campaign!.contributions,
  });
  expect(terms!.game?.slug ?? null, `${where}: the free spins' game`).toBe(campaign!.gameSlug);
  return campaign!;
}

describe('promotions are real (issue 20)', () => {
  it('GET /spa/bonus-infos: every entry offering a bonus shows its live campaign’s own terms, in every locale', async () => {
    const named = new Set<string>();
    for (const lng of LOCALES) {
      const { bonusInfos } = await get('/spa/bonus-infos', bonusInfosResponseSchema, lng);
      const english = (await get('/spa/bonus-infos', bonusInfosResponseSchema)).bonusInfos;
      expect(bonusInfos.length).toBeGreaterThanOrEqual(4);
      for (const [index, info] of bonusInfos.entries()) {
        const offers = OFFERS.test(english[index]!.imageTitle + english[index]!.fullDescription) || info.campaign;
        if (!offers) continue;
        const campaign = await expectTermsOfCampaign(info.campaign, `bonus info ${info.slug} (${lng})`);
        named.add(campaign.slug);
        expect(handWrittenTerms(info.imageTitle + ' ' + info.fullDescription), `${info.slug} (${lng})`).toEqual([]);
      }
    }
    // The three offers the promotions advertised now stand on campaigns, beside the welcome match.
    expect([...named].sort()).toEqual([
      'first-deposit-match',
      'friday-free-spins',
      'weekend-reload',
      'weekly-cashback',
    ]);
  });

  it('GET /spa/slides: every home slide and banner offering a bonus shows its live campaign’s own terms', async () => {
    for (const type of ['home', 'banner'] as const) {
      for (const lng of LOCALES) {
        const { slides } = await get(`/spa/slides?type=${type}`, slidesResponseSchema, lng);
        const english = (await get(`/spa/slides?type=${type}`, slidesResponseSchema)).slides;
        for (const [index, slide] of slides.entries()) {
          if (!OFFERS.test(english[index]!.bodyTranslated) && !slide.campaign) continue;
          await expectTermsOfCampaign(slide.campaign, `${type} slide ${slide.slug} (${lng})`);
          expect(handWrittenTerms(slide.bodyTranslated), `${type} slide ${slide.slug} (${lng})`).toEqual([]);
        }
      }
    }
  });

  it('no article offers a bonus with terms of its own', async () => {
    const rows = await t.db
      .select({ routePath: schema.articles.routePath })
      .from(schema.articles)
      .orderBy(asc(schema.articles.id));
    for (const routePath of new Set(rows.map((row) => row.routePath))) {
      for (const lng of LOCALES) {
        const answer = await get(
          `/spa/articles?routePath=${encodeURIComponent(routePath)}`,
          articlesResponseSchema,
          lng,
        );
        for (const article of [answer.mainArticle, ...answer.articles]) {
          if (!article) continue;
          expect(handWrittenTerms(`${article.title}. ${article.content}`), `${article.slug} (${lng})`).toEqual([]);
        }
      }
    }
  });

  it('the welcome terms shown are the ones the engine applies (35x in 30 days, max bet €10), not 30x/14 days/€5', async () => {
    const { bonusInfos } = await get('/spa/bonus-infos', bonusInfosResponseSchema);
    const welcome = bonusInfos.find((info) => info.campaign?.slug === 'first-deposit-match');
    expect(welcome?.campaign).toMatchObject({ wager: 35, validDays: 30, maxBet: '10.00', percent: 100 });
    expect(welcome?.fullDescription).not.toMatch(/30 times|14 days|€5/);
  });

  it('a paused campaign’s promotions show no terms, and show them again when it resumes', async () => {
    await t.db
      .update(schema.bonusCampaigns)
      .set({ active: false })
      .where(eq(schema.bonusCampaigns.slug, 'weekly-cashback'));
    try {
      await expect
        .poll(
          async () =>
            (await get('/spa/bonus-infos', bonusInfosResponseSchema)).bonusInfos.find(
              (info) => info.slug === 'weekly-cashback',
            )?.campaign ?? null,
          { timeout: 15_000 },
        )
        .toBeNull();
    } finally {
      await t.db
        .update(schema.bonusCampaigns)
        .set({ active: true })
        .where(eq(schema.bonusCampaigns.slug, 'weekly-cashback'));
    }
    await expect
      .poll(
        async () =>
          (await get('/spa/bonus-infos', bonusInfosResponseSchema)).bonusInfos.find(
            (info) => info.slug === 'weekly-cashback',
          )?.campaign?.slug,
        { timeout: 15_000 },
      )
      .toBe('weekly-cashback');
  });
});
