import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { FeedIngestInput } from '@playhouse/shared/contracts/sports';
import { expect, test } from './fixtures';
import { balance, fundedPlayer, matchPage, open, pushFeed, signIn, slip } from './sports-support';

/*
 * Where the money comes from (issue 19): before a stake the player sees how it would be paid, from the api's dry run
 * of the placement, and the placement then takes exactly that; afterwards My bets and the game's round history show
 * the split each bet and round used.
 */

// Feed ids of this spec's match (the receipts spec's start at 9,650,001).
const MATCH = 9_660_001;

const match = (): NonNullable<FeedIngestInput['matches']>[number] => ({
  matchId: MATCH,
  idSport: 1,
  idCategory: 101,
  idTournament: 1001,
  matchDateTimeUTC: Date.now() + 6 * 60 * 60_000,
  matchTeams: [
    { matchTeamType: '1', teamName: 'Funding Falcons' },
    { matchTeamType: '2', teamName: 'Wagering Wanderers' },
  ],
  matchBets: [
    {
      idMatchBet: MATCH * 10,
      betName: 'Match result',
      matchBetPosition: 0,
      matchBetOutcomes: [
        { providerBetOutcomeId: '1', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: 2.2 },
        { providerBetOutcomeId: 'X', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: 3.3 },
        { providerBetOutcomeId: '2', matchBetOutcomePosition: 2, matchBetOutcomeOddValue: 3.1 },
      ],
    },
  ],
  matchBetsTotal: 1,
});

/**
 * A player with 3.00 of cash and the seeded free welcome money (10.00 bonus money, largest stake 5.00, wager 30
 * times) running: 100.00 paid in, 97.00 staked on a single before the bonus was taken.
 */
async function bonusPlayer(page: Page, baseURL: string) {
  const user = await fundedPlayer(page, baseURL);
  const origin = { origin: baseURL };
  const detail = (await (await page.request.get(`/spa/sports/matches/${MATCH}`)).json()) as {
    match: { matchBets: { matchBetOutcomes: { outcomeId: number; providerBetOutcomeId: string }[] }[] };
  };
  const draw = detail.match.matchBets[0]!.matchBetOutcomes.find((outcome) => outcome.providerBetOutcomeId === 'X')!;
  const placed = await page.request.post('/spa/sports/bets', {
    headers: { ...origin, 'idempotency-key': `e2e-${randomUUID()}` },
    data: {
      kind: 'single',
      stake: '97.00',
      oddsChangePolicy: 'any',
      selections: [{ outcomeId: draw.outcomeId, odd: 3.3 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const offers = (await (await page.request.get('/spa/users/bonuses')).json()) as {
    offers: { id: string; bonus: { slug: string } }[];
  };
  const money = offers.offers.find((offer) => offer.bonus.slug === 'welcome-free-money')!;
  const accepted = await page.request.post(`/spa/users/bonuses/get/${money.id}`, {
    headers: { ...origin, 'idempotency-key': `e2e-${randomUUID()}` },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return user;
}

const preview = (page: Page) => slip(page).getByRole('group', { name: 'How it is paid' });

test('a bonus player sees how the slip and the game would be paid, the placement takes exactly that, and the history shows the split', async ({
  page,
  axe,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  const feed = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await pushFeed(feed, { language: 'en', matches: [match()] });
  await feed.dispose();
  const user = await bonusPlayer(page, baseURL!);

  await signIn(page, user, matchPage(MATCH));
  await expect(balance(page)).toContainText('€3.00');
  await page.getByRole('button', { name: '1 2.20, Match result' }).click();
  const stake = slip(page).getByLabel(/Stake per bet/);

  // Over the bonus's largest stake: the preview names the refusal the placement would meet.
  await stake.fill('6');
  await expect(preview(page)).toContainText('This would be refused:');
  // 5.00: the cash first, then the bonus money, and what the bet counts towards the wagering.
  await stake.fill('5');
  await expect(preview(page)).toContainText('€3.00 from your cash, €2.00 from your bonus money.');
  await expect(preview(page)).toContainText('Largest stake while it runs: €5.00');
  await expect(preview(page)).toContainText(
    'Counts €5.00 towards the wagering when it settles, won or lost (100% of the stake, odds from 1.50)',
  );
  await expect(preview(page)).toContainText('Wagered €0.00 of €300.00');
  await axe();

  await slip(page).getByRole('button', { name: 'Place bet' }).click();
  await expect(slip(page).getByRole('status')).toContainText('Your bet is placed.');
  // What the preview named is what the placement took: 3.00 of cash, 2.00 of the 10.00 bonus money.
  await expect(page.getByRole('link', { name: /^Balance €0\.00 Bonus €8\.00$/ })).toBeVisible();

  await open(page, '/en/sports/bets?status=open');
  const placedBet = page.getByRole('listitem').filter({ hasText: 'Funding Falcons' }).filter({ hasText: '5.00 EUR' });
  await expect(placedBet).toContainText('€3.00 cash and €2.00 bonus money');
  await axe();

  // The game page: what the money and the bonus hold for this game before a round.
  await open(page, '/en/game/dice');
  const money = page.getByRole('region', { name: 'Your money for this game' });
  await expect(money).toContainText('Cash €0.00 · Bonus money €8.00');
  await expect(money).toContainText('Bets here count 20% towards your bonus wagering.');
  await expect(money).toContainText('Largest stake while it runs: €5.00');
  const frame = page.frameLocator('iframe[title="Dice, the game"]');
  await frame.getByRole('button', { name: 'Roll' }).click();
  await expect(frame.getByTestId('round-result')).not.toBeEmpty();
  // The round's split in the game's history: its 1.00 bet was bonus money (no cash is left).
  await expect(frame.getByRole('listitem').filter({ hasText: 'Stake' }).first()).toContainText('€1.00 bonus money');
  await expect(money).not.toContainText('Bonus money €8.00');
  await axe();

  // At phone size the preview and the game's panel fit and stay accessible.
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, '/en/game/dice');
  await expect(page.getByRole('region', { name: 'Your money for this game' })).toBeVisible();
  await axe();
  await open(page, matchPage(MATCH));
  await page.getByRole('button', { name: '2 3.10, Match result' }).click();
  await slip(page)
    .getByLabel(/Stake per bet/)
    .fill('0.50');
  await expect(preview(page)).toBeVisible();
  await expect(preview(page)).toContainText('from your bonus money.');
  await axe();
});
