import type { APIRequestContext, Page } from '@playwright/test';
import type { FeedIngestInput } from '@playhouse/shared/contracts/sports';
import { expect, test } from './fixtures';
import { balance, fundedPlayer, matchPage, pushFeed, signIn, slip } from './sports-support';

/*
 * Betting in play (issue 21): a player bets on a match in play, sees the bet delay's wait on the slip and then the
 * acceptance; a market suspended during the wait refuses the bet and the balance stays. On a desktop and on a
 * phone-sized screen. The api runs without the feed simulator: this spec pushes its own matches in play (ids
 * 9,650,00x, apart from the other sports specs'); the football bet delay is the default 5 s.
 */

const MINUTE = 60_000;
const NOW = Date.now();
let stateAt = NOW;

type FeedMatch = NonNullable<FeedIngestInput['matches']>[number];

/** A football match in play, its result market `status` at 2.10 / 3.40 / 3.60. */
function inPlay(matchId: number, teams: [string, string], status: 'open' | 'suspended'): FeedMatch {
  return {
    matchId,
    idSport: 1,
    matchDateTimeUTC: NOW - 25 * MINUTE,
    idCategory: 9_651,
    idTournament: 9_652,
    matchStatus: 'live',
    matchLiveState: {
      at: Math.max(++stateAt, Date.now()),
      period: 1,
      phase: 'play',
      clock: { seconds: 25 * 60, running: true, direction: 'up' },
      score: [0, 0],
      periods: [[0, 0]],
    },
    matchTeams: [
      { matchTeamType: '1', teamName: teams[0] },
      { matchTeamType: '2', teamName: teams[1] },
    ],
    matchBets: [
      {
        idMatchBet: matchId * 10,
        betName: 'Match result',
        matchBetPosition: 0,
        matchBetStatus: status,
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

/** A match in play of its own per test (the tests run in parallel workers), its result market open. */
async function matchInPlay(request: APIRequestContext, id: number) {
  const teams: [string, string] = [`Live Hawks ${id}`, `Live Owls ${id}`];
  await pushFeed(request, {
    language: 'en',
    categories: [{ idCategory: 9_651, categoryName: 'Liveland', idSport: 1 }],
    tournaments: [{ idTournament: 9_652, tournamentName: 'In-Play Cup', idCategory: 9_651 }],
    matches: [inPlay(id, teams, 'open')],
  });
  return { id, teams };
}

/** Picks the home win on the match page (once the page shows the market open) and stakes 5.00. */
async function pickHome(page: Page) {
  const home = page.getByRole('button', { name: '1 2.10, Match result' });
  await expect(home).toBeEnabled({ timeout: 30_000 });
  await home.click();
  await slip(page)
    .getByLabel(/Stake per bet/)
    .fill('5');
  await expect(slip(page)).toContainText('In play: a bet waits 5 seconds');
}

for (const [name, viewport, firstId] of [
  ['desktop', { width: 1280, height: 900 }, 9_650_001],
  ['phone', { width: 390, height: 844 }, 9_650_003],
] as const) {
  test.describe(`betting in play (${name})`, () => {
    test.use({ viewport });

    test('a player bets in play, sees the wait and then the acceptance', async ({ page, baseURL, axe }) => {
      const match = await matchInPlay(page.request, firstId);
      const user = await fundedPlayer(page, baseURL!);
      await signIn(page, user, matchPage(match.id));
      await expect(balance(page)).toContainText('100.00');
      await pickHome(page);
      await slip(page).getByRole('button', { name: 'Place bet' }).click();
      await expect(slip(page).getByRole('progressbar', { name: 'Waiting for acceptance' })).toBeVisible();
      await expect(slip(page).getByRole('status')).toContainText('In play: your bet waits 5 seconds');
      await expect(slip(page).getByTestId('in-play-wait')).toContainText(/seconds? left/);
      await axe();
      await expect(slip(page).getByRole('status')).toContainText('Your bet is placed.', { timeout: 15_000 });
      await expect(slip(page).getByRole('progressbar')).toHaveCount(0);
      await expect(balance(page)).toContainText('95.00');
    });

    test('a market suspended during the wait refuses the bet and the balance stays', async ({ page, baseURL, axe }) => {
      const match = await matchInPlay(page.request, firstId + 1);
      const user = await fundedPlayer(page, baseURL!);
      await signIn(page, user, matchPage(match.id));
      await pickHome(page);
      await slip(page).getByRole('button', { name: 'Place bet' }).click();
      await expect(slip(page).getByRole('progressbar', { name: 'Waiting for acceptance' })).toBeVisible();
      // A dangerous moment: the feed suspends the market while the bet waits.
      await pushFeed(page.request, { matches: [inPlay(match.id, match.teams, 'suspended')] });
      await expect(slip(page).getByRole('status')).toContainText('A selection is not available right now', {
        timeout: 15_000,
      });
      await expect(balance(page)).toContainText('100.00');
      await axe();
    });
  });
}
