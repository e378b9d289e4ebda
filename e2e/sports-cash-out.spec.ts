import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { FeedIngestInput } from '@playhouse/shared/contracts/sports';
import { dismissInfoPopup } from './account-support';
import { expect, test } from './fixtures';
import { balance, fundedPlayer, open, pushFeed, signIn } from './sports-support';
import { staffContext, withStaffLock } from './staff-support';

const TRADER = {
  email: 'trader@playhouse.example',
  username: 'trader',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};

// The trader's test changes the football margin for a moment: the player tests must not run beside it.
test.describe.configure({ mode: 'serial' });

/*
 * Cash out on My bets (issue 21): the value the page shows is what the balance receives, once; a part of the stake
 * too; on a desktop and on a phone-sized screen. The api runs without the feed simulator: this spec pushes its own
 * matches (ids 9,830,000 and up, apart from the other sports specs').
 */

const HOUR = 3_600_000;
let nextMatch = 9_830_000 + (Date.now() % 1000) * 10;

type FeedMatch = NonNullable<FeedIngestInput['matches']>[number];

/** A football match in three hours with its result market at 2.10 / 3.40 / 3.60. */
function match(matchId: number): FeedMatch {
  return {
    matchId,
    idSport: 1,
    matchDateTimeUTC: Date.now() + 3 * HOUR,
    idCategory: 101,
    idTournament: 1001,
    matchTeams: [
      { matchTeamType: '1', teamName: `Cashout Rovers ${matchId}` },
      { matchTeamType: '2', teamName: `Cashout United ${matchId}` },
    ],
    matchBets: [
      {
        idMatchBet: matchId * 10,
        betName: 'Match result',
        matchBetPosition: 0,
        matchBetOutcomes: [
          { providerBetOutcomeId: '1', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: 2.1 },
          { providerBetOutcomeId: 'X', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: 3.4 },
          { providerBetOutcomeId: '2', matchBetOutcomePosition: 2, matchBetOutcomeOddValue: 3.6 },
        ],
      },
    ],
    matchBetsTotal: 1,
  };
}

/** A signed-in player with 100.00 EUR and a 10.00 EUR single on the home win of a fresh match, on My bets. */
async function playerWithBet(page: Page, baseURL: string): Promise<number> {
  const matchId = ++nextMatch;
  await pushFeed(page.request, { language: 'en', matches: [match(matchId)] });
  const user = await fundedPlayer(page, baseURL);
  const detail = (await (await page.request.get(`/spa/sports/matches/${matchId}`)).json()) as {
    match: { matchBets: { matchBetOutcomes: { outcomeId: number }[] }[] };
  };
  const placed = await page.request.post('/spa/sports/bets', {
    headers: { origin: baseURL, 'idempotency-key': `e2e-${randomUUID()}` },
    data: {
      kind: 'single',
      stake: '10.00',
      oddsChangePolicy: 'any',
      selections: [{ outcomeId: detail.match.matchBets[0]!.matchBetOutcomes[0]!.outcomeId, odd: 2.1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await signIn(page, user, '/en/sports/bets');
  await expect(balance(page)).toContainText('90.00');
  return matchId;
}

const mainBalance = async (page: Page) =>
  ((await (await page.request.get('/spa/users/balances')).json()) as { mainBalance: { balance: string } }).mainBalance
    .balance;

// 21.00 if it wins × its 45.4 % fair chance at 2.10 / 3.40 / 3.60, less the default 5 % margin.
const VALUE = '9.06';

for (const screen of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test(`on a ${screen.name}, cashing out on My bets credits the shown amount once and the balance follows`, async ({
      page,
      baseURL,
      axe,
    }) => {
      await playerWithBet(page, baseURL!);
      const cashOut = page.getByRole('group', { name: 'Cash out', exact: true });
      await expect(cashOut.getByTestId('cash-out-value')).toHaveText(`Cash-out value: ${VALUE} EUR`);
      await axe();

      await cashOut.getByRole('button', { name: `Cash out ${VALUE} EUR` }).click();
      await expect(cashOut.getByRole('radio', { name: 'The whole bet' })).toBeChecked();
      await axe();
      await cashOut.getByRole('button', { name: `Confirm cash out for ${VALUE} EUR` }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Cashed out:' })).toHaveText(
        `Cashed out: ${VALUE} EUR was paid to your balance.`,
      );
      await expect(balance(page)).toContainText('99.06');
      await expect(page.getByRole('listitem').filter({ hasText: 'Single' }).first()).toContainText('Cashed out');
      // Once: the balance stays where it is (no second credit arrives later).
      await page.waitForTimeout(1_500);
      expect(await mainBalance(page)).toBe('99.06');
      await axe();
    });

    test(`on a ${screen.name}, cashing out part of the stake pays its share and keeps the rest in play`, async ({
      page,
      baseURL,
      axe,
    }) => {
      await playerWithBet(page, baseURL!);
      const cashOut = page.getByRole('group', { name: 'Cash out', exact: true });
      await cashOut.getByRole('button', { name: `Cash out ${VALUE} EUR` }).click();
      await cashOut.getByRole('radio', { name: 'Part of the stake' }).check();
      await cashOut.getByLabel('Stake to cash out (EUR)').fill('4');
      await expect(cashOut.getByText('You get 3.62 EUR')).toBeVisible();
      await axe();
      await cashOut.getByRole('button', { name: 'Confirm cash out for 3.62 EUR' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Cashed out:' }).first()).toContainText('3.62 EUR');
      await expect(balance(page)).toContainText('93.62');
      const bet = page.getByRole('listitem').filter({ hasText: 'Single' }).first();
      await expect(bet).toContainText('6.00 EUR');
      await expect(bet).toContainText('Cashed out so far: 4.00 EUR of the stake for 3.62 EUR.');
      await open(page, '/en/sports/bets');
      await expect(page.getByRole('group', { name: 'Cash out', exact: true }).getByTestId('cash-out-value')).toHaveText(
        'Cash-out value: 5.43 EUR',
      );
      await axe();
    });
  });
}

test('a trader sets the margin, switches cash out off for a match and sees the cash-out value beside the liability', async ({
  page,
  browser,
  baseURL,
  axe,
}) => {
  const matchId = await playerWithBet(page, baseURL!);
  const context = await withStaffLock(TRADER, () => staffContext(browser, TRADER, '/staff/trading/cash-out'));
  const desk = await context.newPage();
  try {
    await desk.goto('/en/staff/trading/cash-out');
    await dismissInfoPopup(desk);
    await expect(desk.getByRole('heading', { level: 1, name: 'Cash out' })).toBeVisible();
    await axe.page(desk);

    await desk.getByLabel('Cash-out margin for Football (%)').fill('10');
    await desk.getByRole('button', { name: 'Save Football' }).click();
    await expect(desk.getByRole('status').filter({ hasText: /\S/ }).last()).toHaveText(
      'Saved the cash-out settings of Football.',
    );
    // 21.00 × 45.4 % less 10 %.
    await open(page, '/en/sports/bets');
    await expect(page.getByRole('group', { name: 'Cash out', exact: true }).getByTestId('cash-out-value')).toHaveText(
      'Cash-out value: 8.58 EUR',
    );

    await desk.getByLabel('Match id').first().fill(String(matchId));
    await desk.getByRole('button', { name: 'Switch cash out off' }).click();
    await expect(desk.getByRole('button', { name: `Switch cash out back on for match ${matchId}` })).toBeVisible();
    await open(page, '/en/sports/bets');
    await expect(page.getByRole('group', { name: 'Cash out', exact: true })).toContainText(
      'Cash out is not offered for this bet right now.',
    );

    await desk.getByRole('button', { name: `Switch cash out back on for match ${matchId}` }).click();
    const exposure = desk.getByRole('region', { name: 'Liability and cash-out value' });
    await exposure.getByLabel('Match id').fill(String(matchId));
    await exposure.getByRole('button', { name: 'Show' }).click();
    const row = exposure.getByRole('row', { name: /Match result: 1/ });
    await expect(row).toContainText('21.00 EUR');
    await expect(row).toContainText('8.58 EUR');
    // Back at the top: scrolled down, the office's sticky header covers part of the sports table's buttons, which
    // axe's target-size rule counts as obscured.
    await desk.evaluate(() => window.scrollTo(0, 0));
    await axe.page(desk);
  } finally {
    await desk.getByLabel('Cash-out margin for Football (%)').fill('5');
    await desk.getByRole('button', { name: 'Save Football' }).click();
    await expect(desk.getByRole('status').filter({ hasText: /\S/ }).last()).toHaveText(
      'Saved the cash-out settings of Football.',
    );
    await context.close();
  }
});
