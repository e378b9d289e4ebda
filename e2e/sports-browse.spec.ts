import type { APIRequestContext, Page } from '@playwright/test';
import type { FeedIngestInput } from '@playhouse/shared/contracts/sports';
import type { LiveState } from '@playhouse/shared/contracts/sports-live';
import { expect, test } from './fixtures';
import { fundedPlayer, open, pushFeed, signIn } from './sports-support';

/*
 * The sportsbook to browse and its live section (issue 21): Sports from the menu, a league with every one of its
 * matches, search by a team's name, Live from the home page with a score and odds moving without a reload, on a
 * desktop and on a phone-sized screen. The api runs without the feed simulator: this spec pushes its own league
 * through the feed endpoint. Its match ids are its own, 9,700,00x (sports.spec.ts has 9,500,00x, back-office-trading
 * 9,600,001, receipts 9,650,001, funding 9,660,001): it once shared 9,600,001 with the trading spec, and whichever ran
 * second found the other's teams, prices and results on its match.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.now();
const LEAGUE = { sport: 1, category: 9_601, tournament: 9_602 };
const LIVE = 9_700_001;
const UPCOMING: [number, [string, string], number][] = [
  [9_700_002, ['Quokka City', 'Wombat Town'], 2 * HOUR],
  [9_700_003, ['Lynx Albion', 'Otter Athletic'], 20 * HOUR],
  [9_700_004, ['Heron Rangers', 'Badger Borough'], 40 * HOUR],
  // Beyond the home page's three days: only the league's page lists it.
  [9_700_005, ['Marten Wanderers', 'Stoat Harriers'], 5 * 24 * HOUR],
];

type FeedMatch = NonNullable<FeedIngestInput['matches']>[number];

function fixture(matchId: number, teams: [string, string], startsAt: number, home = 2.1): FeedMatch {
  return {
    matchId,
    idSport: LEAGUE.sport,
    matchDateTimeUTC: startsAt,
    idCategory: LEAGUE.category,
    idTournament: LEAGUE.tournament,
    matchTeams: [
      { matchTeamType: '1', teamName: teams[0] },
      { matchTeamType: '2', teamName: teams[1] },
    ],
    matchBets: [
      {
        idMatchBet: matchId * 10,
        betName: 'Match result',
        matchBetPosition: 0,
        matchBetOutcomes: [
          { providerBetOutcomeId: '1', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: home },
          { providerBetOutcomeId: 'X', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: 3.4 },
          { providerBetOutcomeId: '2', matchBetOutcomePosition: 2, matchBetOutcomeOddValue: 3.6 },
        ],
      },
    ],
    matchBetsTotal: 1,
  };
}

const liveState = (at: number, score: [number, number]): LiveState => ({
  at,
  period: 1,
  phase: 'play',
  clock: { seconds: 30 * 60, running: true, direction: 'up' },
  score,
  periods: [score],
});

/** The match in play as a live feed sends it: its state, and its result market open (or `status`) at `home`. */
function livePush(
  request: APIRequestContext,
  at: number,
  score: [number, number],
  home: number,
  status: 'open' | 'suspended' = 'open',
) {
  const base = fixture(LIVE, ['Zebra United', 'Yak Rovers'], NOW - 30 * MINUTE, home);
  return pushFeed(request, {
    matches: [
      {
        ...base,
        matchStatus: 'live',
        matchLiveState: liveState(at, score),
        matchBets: base.matchBets.map((bet) => ({ ...bet, matchBetStatus: status })),
      },
    ],
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await pushFeed(request, {
    language: 'en',
    categories: [{ idCategory: LEAGUE.category, categoryName: 'Testland', idSport: LEAGUE.sport }],
    tournaments: [{ idTournament: LEAGUE.tournament, tournamentName: 'Browse Cup', idCategory: LEAGUE.category }],
    matches: [
      fixture(LIVE, ['Zebra United', 'Yak Rovers'], NOW - 30 * MINUTE),
      ...UPCOMING.map(([id, teams, inMs]) => fixture(id, teams, NOW + inMs)),
    ],
  });
  await livePush(request, NOW, [1, 0], 1.6);
  // Visitors' pages are kept for a few seconds, and the home page's top offer is refreshed in the background: wait
  // until renders have the new league and the top-offer block (with its Live link).
  for (const [path, text] of [
    ['/en/sports', 'Browse Cup'],
    ['/en', 'Top offer'],
  ]) {
    await expect
      .poll(async () => (await (await request.get(path!)).text()).includes(text!), {
        timeout: 90_000,
        intervals: [2_000],
      })
      .toBe(true);
  }
  await request.dispose();
});

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open the menu' }).click();
  return page.getByRole('navigation', { name: 'Menu' });
}

test('a visitor opens Sports from the menu, goes to a league and finds every one of its matches', async ({
  page,
  axe,
}) => {
  await open(page, '/en');
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Sports', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/sports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sportsbook' })).toBeVisible();
  await axe();

  await page
    .getByRole('navigation', { name: 'Sports' })
    .getByRole('link', { name: /^Football/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Football betting' })).toBeVisible();
  await page.getByRole('link', { name: /^Browse Cup \(Testland\)/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Cup (Testland) odds' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/sports\/football-1\/testland-9601\/browse-cup-9602$/);
  for (const [, [home, away]] of UPCOMING) {
    await expect(page.getByRole('link', { name: `${home} – ${away}`, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Zebra United – Yak Rovers', exact: true })).toBeVisible();
  await axe();
});

test('a visitor finds a match by a team’s name', async ({ page, axe }) => {
  await open(page, '/en/sports');
  const search = page.getByRole('search');
  await search.getByRole('searchbox', { name: 'Team, player or league' }).fill('otter');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “otter”' })).toBeVisible();
  await page.getByRole('link', { name: 'Lynx Albion – Otter Athletic', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lynx Albion – Otter Athletic' })).toBeVisible();
  // Implied probabilities: 1 / 2.10 is 47.6 %; the market's three prices add up to 104.8 %, a margin of 4.8 %.
  await page.getByRole('switch', { name: 'Show probabilities' }).check();
  await expect(page.getByText('Margin 4.8%')).toBeVisible();
  await expect(page.getByRole('button', { name: /^1 2\.10 47\.6% chance, Match result$/ })).toBeVisible();
  await axe();
  // Remembered for the visitor.
  await page.reload();
  await expect(page.getByText('Margin 4.8%')).toBeVisible();
});

test('a signed-in player stars a league, finds it among their favourites on the sportsbook home, and unstars it', async ({
  page,
  axe,
  baseURL,
}) => {
  const player = await fundedPlayer(page, baseURL!);
  const league = '/en/sports/football-1/testland-9601/browse-cup-9602';
  await signIn(page, player, league);
  const star = page.getByRole('button', { name: 'Add Browse Cup to your favourite leagues' });
  await star.click();
  const unstar = page.getByRole('button', { name: 'Remove Browse Cup from your favourite leagues' });
  await expect(unstar).toHaveAttribute('aria-pressed', 'true');
  await axe();

  // Kept for the player: the sportsbook home lists it, and a reload of the league still shows it starred.
  await open(page, '/en/sports');
  const favourites = page.getByRole('region', { name: 'Your favourite leagues' });
  await favourites.getByRole('link', { name: /^Browse Cup/ }).click();
  await expect(page).toHaveURL(/\/browse-cup-9602$/);
  await unstar.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await open(page, '/en/sports');
  await expect(favourites.getByText('Star a league to find it here.')).toBeVisible();
});

for (const screen of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`on a ${screen.name}, Live from the home page shows a match's score and odds moving without a reload`, async ({
    page,
    axe,
    baseURL,
    playwright,
  }) => {
    await page.setViewportSize(screen.viewport);
    await open(page, '/en');
    await page.getByRole('link', { name: 'Live', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Live betting' })).toBeVisible();
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Zebra United – Yak Rovers', exact: true }) });
    await expect(row.getByText('Score 1:0')).toBeAttached();
    await expect(row.getByRole('link', { name: /^1 1\.60,/ })).toBeVisible();
    await axe();

    // Something only this page load has: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const at = Date.now();
    await livePush(request, at, [2, 0], 1.25);
    await expect(row.getByText('Score 2:0')).toBeAttached({ timeout: 15_000 });
    await expect(row.getByRole('link', { name: /^1 1\.25,/ })).toBeVisible();
    // A dangerous moment: the feed suspends the market, and the page shows it locked (the stream sends only what moved).
    await livePush(request, at + 1, [2, 0], 1.25, 'suspended');
    await expect(row.getByText('1, suspended')).toBeAttached({ timeout: 15_000 });
    await expect(row.getByRole('link', { name: /^1 1\.25,/ })).toHaveCount(0);
    await expect(row.getByText('Score 2:0')).toBeAttached();
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    // Put the match back as the other screen's test expects to find it.
    await livePush(request, at + 2, [1, 0], 1.6);
    await request.dispose();
  });
}
