import type { BrowserContext, Page } from '@playwright/test';
import { dismissInfoPopup } from './account-support';
import { expect, test } from './fixtures';
import { answerSecondFactor, staffContext, withStaffLock } from './staff-support';
import { balance, fundedPlayer, matchPage, open, pushFeed, signIn, slip } from './sports-support';

/*
 * The trading desk end to end (issue 11): a trader, on a tablet, suspends a market and a player's bet slip refuses it
 * at once; the trader resumes it, settles the match and then re-settles it, and the player's balance follows, exactly
 * once. The trader is the demo seed's trader account, signed in with its second factor. Every back-office page is
 * scanned with axe.
 */

const TRADER = {
  email: 'trader@playhouse.example',
  username: 'trader',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};
/** Risk: the second pair of eyes on a result changed after it paid out. */
const RISK = { ...TRADER, email: 'risk@playhouse.example', username: 'risk' };

// Feed ids of this spec's match, its own (sports.spec.ts uses 9,500,00x, sports-browse.spec.ts 9,700,00x).
const DERBY = 9_600_001;
const TABLET = { width: 768, height: 1024 };

test.describe.configure({ mode: 'serial' });

let trader: BrowserContext;
let desk: Page;
/** The player of the first test (signed in, with a bet open), for the second test's own browser context. */
let playerState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await pushFeed(request, {
    language: 'en',
    matches: [
      {
        matchId: DERBY,
        idSport: 1,
        idCategory: 101,
        idTournament: 1001,
        matchDateTimeUTC: Date.now() + 6 * 3_600_000,
        matchTeams: [
          { matchTeamType: '1', teamName: 'Tottenham' },
          { matchTeamType: '2', teamName: 'West Ham' },
        ],
        matchBets: [
          {
            idMatchBet: DERBY * 10,
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
      },
    ],
  });
  await request.dispose();
  const context = await withStaffLock(TRADER, () => staffContext(browser, TRADER, '/staff/trading'));
  // staffContext signs in with the default viewport; the desk itself runs on a tablet.
  const state = await context.storageState();
  await context.close();
  trader = await browser.newContext({ storageState: state, viewport: TABLET });
  answerSecondFactor(trader, TRADER);
  desk = await trader.newPage();
});

test.afterAll(async () => {
  await trader?.close();
});

/** Opens a back-office page on the trader's tablet and waits until it is interactive. */
async function openDesk(path: string) {
  await desk.goto(`/en${path}`);
  await dismissInfoPopup(desk);
}

/** Asks for a market action on the match page and confirms it in the dialog. */
async function confirmAction(name: string, results?: Record<string, 'Won' | 'Lost' | 'Void'>) {
  await desk.getByRole('button', { name }).click();
  const dialog = desk.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (const [outcome, result] of Object.entries(results ?? {})) {
    await dialog.getByLabel(`Result of ${outcome}`).selectOption({ label: result });
  }
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

const notice = () => desk.getByRole('status').filter({ hasText: /\S/ }).last();

test('a trader suspends a market: the bet slip refuses it at once; resumed, it takes the bet', async ({
  page,
  baseURL,
  axe,
}) => {
  const player = await fundedPlayer(page, baseURL!);
  await signIn(page, player, matchPage(DERBY));
  await page.getByRole('button', { name: '1 2.10, Match result' }).click();
  await slip(page)
    .getByLabel(/Stake per bet/)
    .fill('10');

  await openDesk('/staff/trading');
  await desk.getByRole('search', { name: 'Filter fixtures' }).getByLabel('Teams or match id').fill('Tottenham');
  await desk.getByRole('button', { name: 'Apply' }).click();
  await desk.getByRole('link', { name: 'Tottenham – West Ham' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Tottenham – West Ham' })).toBeVisible();
  await axe.page(desk);

  await confirmAction('Suspend Match result');
  await expect(notice()).toHaveText('Match result is suspended.');
  await expect(desk.getByRole('region', { name: 'Match result', exact: true })).toContainText('Suspended by a trader');

  // The player's slip, untouched since the suspension, is refused at once and nothing is taken.
  await slip(page).getByRole('button', { name: 'Place bet' }).click();
  await expect(slip(page).getByRole('status')).toContainText('A selection is not available right now');
  await expect(balance(page)).toContainText('100.00');

  await confirmAction('Resume Match result');
  await expect(notice()).toHaveText('Match result is open again.');
  await open(page, matchPage(DERBY));
  await slip(page).getByRole('button', { name: 'Place bet' }).click();
  await expect(slip(page).getByRole('status')).toContainText('Your bet is placed.');
  await expect(balance(page)).toContainText('90.00');
  await axe.page(desk);
  playerState = await page.context().storageState();
});

test('a trader settles the match, then re-settles it: the balance follows, exactly once', async ({ browser, axe }) => {
  // The player of the first test, whose bet of 10.00 on Tottenham at 2.10 is open.
  await openDesk(`/staff/trading/matches/${DERBY}`);
  const market = desk.getByRole('region', { name: 'Match result', exact: true });
  await expect(market.getByRole('row', { name: /^1 / })).toContainText('pays 21.00 on 1 bet');

  await confirmAction('Settle Match result', { '1': 'Won', X: 'Lost', '2': 'Lost' });
  await expect(notice()).toHaveText('Match result: 1 bet settled, 0 bets re-settled.');

  // Each test has its own page: the player's browser comes back from the first test's signed-in state.
  const playerContext = await browser.newContext({ storageState: playerState });
  const player = await playerContext.newPage();
  await open(player, matchPage(DERBY));
  await expect(balance(player)).toContainText('111.00');

  // The result was wrong: West Ham won. It already paid out, so the change waits for a second pair of eyes.
  await confirmAction('Re-settle Match result', { '1': 'Lost', X: 'Lost', '2': 'Won' });
  await expect(notice()).toHaveText(
    'Match result already paid out: the change waits for a second trader or risk, who approve it on the trading page.',
  );
  await player.reload();
  await expect(balance(player)).toContainText('111.00');

  // Risk approves it on the trading page: the payout is taken back, the bet lost.
  const riskContext = await staffContext(browser, RISK, '/staff/trading');
  const risk = await riskContext.newPage();
  await risk.setViewportSize(TABLET);
  await risk.goto('/en/staff/trading');
  await dismissInfoPopup(risk);
  const requests = risk.getByRole('region', { name: 'Result changes waiting for a second trader or risk' });
  await expect(requests.getByRole('listitem')).toContainText(`Match ${DERBY}, market ${DERBY * 10}`);
  await axe.page(risk);
  await requests.getByRole('button', { name: /^Approve: Match / }).click();
  await expect(risk.getByRole('status').filter({ hasText: 'Approved and carried out' })).toBeVisible();
  await riskContext.close();
  await player.reload();
  await expect(balance(player)).toContainText('90.00');

  // The same correction again moves nothing.
  await confirmAction('Re-settle Match result', { '1': 'Lost', X: 'Lost', '2': 'Won' });
  await expect(notice()).toHaveText('Match result: 0 bets settled, 0 bets re-settled.');
  await player.reload();
  await expect(balance(player)).toContainText('90.00');
  await axe.page(desk);

  // The bet search shows the bet lost, re-settled once.
  await openDesk(`/staff/trading/bets?matchId=${DERBY}`);
  const row = desk.getByRole('row').filter({ hasText: 'Tottenham – West Ham' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Lost');
  await expect(row).toContainText('Re-settled once');
  await axe.page(desk);
  await playerContext.close();
});
