import type { APIRequestContext } from '@playwright/test';
import type { FeedIngestInput } from '@playhouse/shared/contracts/sports';
import { dismissInfoPopup } from './account-support';
import { expect, test } from './fixtures';
import { balance, fundedPlayer, matchPage, open, pushFeed, signIn, slip } from './sports-support';

/*
 * The sportsbook end to end: the top-offer block on the home page (tabs on a controlled clock, a sport without matches
 * dropped, no refetch, odds formats, odds cell → match page), and a player placing singles and accumulators through
 * the ledger, settlement paying, My bets, and the odds-change policy. The api runs without the feed simulator
 * (FEED_SIMULATOR=off in playwright.config.ts): this spec pushes its own book through the feed endpoint, so every
 * fixture and odd is known, and moves odds and delivers results the way a real feed does.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.now();

// Feed ids of this spec's matches (the simulator, when on, uses 50,000,000 and up).
const ARSENAL = 9_500_001;
const LIVERPOOL = 9_500_002;
const SINNER = 9_500_003;
const LAKERS = 9_500_004;
const RANGERS = 9_500_005;
const BAYERN = 9_500_006;
const MADRID = 9_500_007;

type FeedMatch = NonNullable<FeedIngestInput['matches']>[number];

/** A match with a winner market (1 X 2 or 1 2), a total and a double chance: three markets, positions 0–2. */
function fixture(
  matchId: number,
  sport: { id: number; category: number; tournament: number; draw: boolean },
  startsAt: number,
  teams: [string, string],
  odds: { home: number; draw?: number; away: number },
): FeedMatch {
  const winner = [
    { providerBetOutcomeId: '1', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: odds.home },
    ...(sport.draw
      ? [{ providerBetOutcomeId: 'X', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: odds.draw ?? 3.4 }]
      : []),
    { providerBetOutcomeId: '2', matchBetOutcomePosition: 2, matchBetOutcomeOddValue: odds.away },
  ];
  return {
    matchId,
    idSport: sport.id,
    matchDateTimeUTC: startsAt,
    idCategory: sport.category,
    idTournament: sport.tournament,
    matchTeams: [
      { matchTeamType: '1', teamName: teams[0] },
      { matchTeamType: '2', teamName: teams[1] },
    ],
    matchBets: [
      { idMatchBet: matchId * 10, betName: 'Match result', matchBetPosition: 0, matchBetOutcomes: winner },
      {
        idMatchBet: matchId * 10 + 1,
        betName: 'Total 2.5',
        matchBetPosition: 1,
        matchBetOutcomes: [
          { providerBetOutcomeId: '> 2.5', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: 1.9 },
          { providerBetOutcomeId: '< 2.5', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: 1.85 },
        ],
      },
      {
        idMatchBet: matchId * 10 + 2,
        betName: 'Double chance',
        matchBetPosition: 2,
        matchBetOutcomes: [
          { providerBetOutcomeId: '1X', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: 1.3 },
          { providerBetOutcomeId: 'X2', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: 1.6 },
        ],
      },
    ],
    matchBetsTotal: 3,
  };
}

const FOOTBALL = { id: 1, category: 101, tournament: 1001, draw: true };
const TENNIS = { id: 2, category: 201, tournament: 2001, draw: false };
const BASKETBALL = { id: 3, category: 301, tournament: 3001, draw: false };
const HOCKEY = { id: 4, category: 401, tournament: 4001, draw: true };

const book = (): FeedMatch[] => [
  fixture(ARSENAL, FOOTBALL, NOW + 3 * HOUR, ['Arsenal', 'Chelsea'], { home: 2.1, draw: 3.4, away: 3.6 }),
  fixture(LIVERPOOL, FOOTBALL, NOW + 5 * HOUR, ['Liverpool', 'Everton'], { home: 1.5, draw: 4.2, away: 6.4 }),
  fixture(BAYERN, FOOTBALL, NOW + 6 * HOUR, ['Bayern Munich', 'RB Leipzig'], { home: 2.5, draw: 3.5, away: 2.9 }),
  fixture(MADRID, FOOTBALL, NOW + 7 * HOUR, ['Real Madrid', 'Sevilla'], { home: 1.8, draw: 3.6, away: 4.4 }),
  fixture(SINNER, TENNIS, NOW + 4 * HOUR, ['Jannik Sinner', 'Carlos Alcaraz'], { home: 1.85, away: 1.95 }),
  fixture(LAKERS, BASKETBALL, NOW + 8 * HOUR, ['Los Angeles Lakers', 'Boston Celtics'], { home: 2.2, away: 1.65 }),
  // Starts in five minutes: a browser whose clock is ten minutes ahead finds nothing left to show for ice hockey.
  fixture(RANGERS, HOCKEY, NOW + 5 * MINUTE, ['New York Rangers', 'Dallas Stars'], { home: 2.4, draw: 4.1, away: 2.6 }),
];

/** Moves the odds of a match's first market. */
function moveOdds(request: APIRequestContext, matchId: number, odds: { home: number; draw?: number; away: number }) {
  const original = book().find((match) => match.matchId === matchId)!;
  const sport = [FOOTBALL, TENNIS, BASKETBALL, HOCKEY].find((candidate) => candidate.id === original.idSport)!;
  const teams = original.matchTeams.map((team) => team.teamName) as [string, string];
  return pushFeed(request, { matches: [fixture(matchId, sport, original.matchDateTimeUTC, teams, odds)] });
}

/** The match ends: its first market settled with `winner` winning, the match over. */
function deliverResult(request: APIRequestContext, matchId: number, winner: '1' | 'X' | '2') {
  const original = book().find((match) => match.matchId === matchId)!;
  const [first] = original.matchBets;
  return pushFeed(request, {
    matches: [
      {
        ...original,
        matchStatus: 'ended',
        matchResult: { score1: 2, score2: 0 },
        matchBets: [
          {
            ...first!,
            matchBetStatus: 'settled',
            matchBetOutcomes: first!.matchBetOutcomes.map((outcome) => ({
              ...outcome,
              matchBetOutcomeResult: outcome.providerBetOutcomeId === winner ? 'won' : 'lost',
            })),
          },
        ],
      },
    ],
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright, baseURL }) => {
  // The wait below outlasts the content cache (60 s) and the kept page (10 s): the hook gets the time it waits.
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await pushFeed(request, { language: 'en', matches: book() });
  // The home page is served from the cache and refreshed in the background: wait until a render has the new book.
  await expect
    .poll(async () => (await (await request.get('/en')).text()).includes('Ice Hockey'), {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe(true);
  await request.dispose();
});

test.describe('top-offer block', () => {
  test('switches sports every 5 s until a tab is clicked, drops a sport with nothing to show, loads each sport once', async ({
    page,
    axe,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/spa/sports/top-offer/matches') fetched.push(url.searchParams.get('id_sport') ?? '');
    });
    // Ten minutes ahead of the server, and standing still until told: the ice hockey match (five minutes away) has
    // started for this browser, and the tabs move only when the test moves the clock.
    const start = Date.now() + 10 * MINUTE;
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await page.goto('/en');
    await page.clock.runFor(100);
    await dismissInfoPopup(page);
    const block = page.getByRole('region', { name: 'Top offer' });
    const selected = block.getByRole('tab', { selected: true });
    await expect(selected).toHaveText('Football');
    await expect(block.getByRole('tab')).toHaveText(['Football', 'Tennis', 'Basketball', 'Ice Hockey']);
    await expect(block.getByRole('link', { name: '1 2.10, Arsenal – Chelsea, Match result' })).toBeVisible();

    await page.clock.runFor(5_000);
    await expect(selected).toHaveText('Tennis');
    await expect(
      block.getByRole('link', { name: '1 1.85, Jannik Sinner – Carlos Alcaraz, Match result' }),
    ).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(selected).toHaveText('Basketball');
    await page.clock.runFor(5_000);
    // Ice hockey's only match has started: the sport leaves the tabs and the next one (wrapping: Football) shows.
    await expect(block.getByRole('tab')).toHaveText(['Football', 'Tennis', 'Basketball']);
    await expect(selected).toHaveText('Football');
    await page.clock.runFor(5_000);
    await expect(selected).toHaveText('Tennis');
    expect(fetched.sort()).toEqual(['2', '3', '4']);

    await block.getByRole('tab', { name: 'Basketball' }).click();
    await page.clock.runFor(20_000);
    await expect(selected).toHaveText('Basketball');
    // Revisiting loaded sports asks the api for nothing.
    await block.getByRole('tab', { name: 'Tennis' }).click();
    await block.getByRole('tab', { name: 'Football' }).click();
    await expect(block.getByRole('link', { name: /Arsenal – Chelsea/ }).first()).toBeVisible();
    expect(fetched.sort()).toEqual(['2', '3', '4']);
    // axe-core waits on timers of its own: let the clock run again for the scan.
    await page.clock.resume();
    await axe();
  });

  test('shows every odd in the chosen format and opens the match from an odds cell', async ({ page, axe }) => {
    await open(page, '/en');
    const block = page.getByRole('region', { name: 'Top offer' });
    const home = block.getByRole('link', { name: /^1 \S+, Arsenal – Chelsea, Match result$/ });
    await expect(home).toContainText('2.10');
    await block.getByRole('combobox', { name: 'Odds format' }).selectOption('fractional');
    await expect(home).toContainText('11/10');
    await expect(block.getByRole('link', { name: /^1 \S+, Liverpool – Everton, Match result$/ })).toContainText('1/2');
    await block.getByRole('combobox', { name: 'Odds format' }).selectOption('american');
    await expect(home).toContainText('+110');
    await expect(block.getByRole('link', { name: /^1 \S+, Liverpool – Everton, Match result$/ })).toContainText('-200');
    await block.getByRole('combobox', { name: 'Odds format' }).selectOption('decimal');
    await expect(home).toContainText('2.10');

    await home.click();
    await expect(page).toHaveURL(new RegExp(`/en/game/prematch-mts/${ARSENAL}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Arsenal – Chelsea' })).toBeVisible();
    await expect(page.getByRole('button', { name: '1 2.10, Match result' })).toBeEnabled();
    await axe();
  });

  test("is drawn with the visitor's local times by the server once the time zone is known", async ({
    browser,
    baseURL,
    request,
  }) => {
    const zone = 'Asia/Tokyo';
    const local = (at: number) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        at,
      );
    const arsenal = book().find((match) => match.matchId === ARSENAL)!.matchDateTimeUTC;

    // The first visit of a browser leaves its time zone in a cookie.
    const first = await browser.newContext({ timezoneId: zone });
    const visit = await first.newPage();
    await visit.goto('/en');
    await expect(visit.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect((await first.cookies()).find((cookie) => cookie.name === 'tz')?.value).toBe(encodeURIComponent(zone));
    await first.close();

    // With it, the server's HTML already holds the table's HH:MM times in that zone; without it, a skeleton.
    const zoned = await (await request.get('/en', { headers: { cookie: `tz=${encodeURIComponent(zone)}` } })).text();
    expect(zoned).toMatch(new RegExp(`<time[^>]*>${local(arsenal)}</time>`));
    expect(await (await request.get('/en')).text()).not.toContain('<time');

    // Before any script runs, the visitor reads the whole table.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies([{ name: 'tz', value: encodeURIComponent(zone), url: baseURL! }]);
    const page = await noScript.newPage();
    await page.goto('/en');
    const row = page.getByRole('listitem').filter({ hasText: 'Arsenal – Chelsea' });
    await expect(row.locator('time')).toHaveText(local(arsenal));
    await noScript.close();
  });

  test('sends a visitor who wants to place a bet to registration', async ({ page }) => {
    await open(page, matchPage(LIVERPOOL));
    await page.getByRole('button', { name: '1 1.50, Match result' }).click();
    await slip(page).getByRole('button', { name: 'Register to place your bet' }).click();
    await expect(page).toHaveURL(/\/en\/auth\/register\?next=/);
  });
});

test.describe('prematch betting', () => {
  test('a player places a single and an accumulator, the balance drops, settlement pays and My bets shows it', async ({
    page,
    baseURL,
    axe,
  }) => {
    const user = await fundedPlayer(page, baseURL!);
    await signIn(page, user, matchPage(ARSENAL));
    await expect(balance(page)).toContainText('100.00');

    // A single: 5.00 on Arsenal at 2.10.
    await page.getByRole('button', { name: '1 2.10, Match result' }).click();
    await expect(page.getByRole('button', { name: '1 2.10, Match result' })).toHaveAttribute('aria-pressed', 'true');
    await slip(page)
      .getByLabel(/Stake per bet/)
      .fill('5');
    await expect(slip(page).getByTestId('potential-payout')).toHaveText('10.50 EUR');
    await slip(page).getByRole('button', { name: 'Place bet' }).click();
    await expect(slip(page).getByRole('status')).toContainText('Your bet is placed.');
    await expect(balance(page)).toContainText('95.00');
    await axe();

    // An accumulator: Arsenal over 2.5 (1.90) and Sinner (1.85), 2.00 → 1.90 × 1.85 = 3.515 → 7.03.
    await page.getByRole('button', { name: '> 2.5 1.90, Total 2.5' }).click();
    await open(page, matchPage(SINNER));
    await page.getByRole('button', { name: '1 1.85, Match result' }).click();
    await slip(page).getByRole('radio', { name: 'Accumulator' }).check();
    await slip(page)
      .getByLabel(/^Stake/)
      .fill('2');
    await expect(slip(page).getByTestId('potential-payout')).toHaveText('7.03 EUR');
    await slip(page).getByRole('button', { name: 'Place bet' }).click();
    await expect(slip(page).getByRole('status')).toContainText('Your bet is placed.');
    await expect(balance(page)).toContainText('93.00');

    // Arsenal win: the single pays 10.50 (the accumulator waits for Sinner).
    const settled = await deliverResult(page.request, ARSENAL, '1');
    expect(settled.settledBets).toBeGreaterThanOrEqual(1);
    await expect(balance(page)).toContainText('103.50');

    await page.getByRole('link', { name: 'My bets' }).first().click();
    await expect(page).toHaveURL(/\/en\/sports\/bets$/);
    await page.getByRole('button', { name: 'Settled', exact: true }).click();
    const settledBets = page.getByRole('listitem').filter({ hasText: 'Single' });
    await expect(settledBets.first()).toContainText('Won');
    await expect(settledBets.first()).toContainText('10.50 EUR');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Accumulator' }).first()).toContainText('7.03 EUR');
    await axe();
  });

  test("placing at changed odds follows the player's preference", async ({ page, baseURL }) => {
    const user = await fundedPlayer(page, baseURL!);
    await signIn(page, user, matchPage(BAYERN));
    await page.getByRole('button', { name: '1 2.50, Match result' }).click();
    // On another match's page the slip hears nothing of Bayern's odds until it tries to place the bet.
    await open(page, matchPage(MADRID));
    await expect(slip(page)).toContainText('Bayern Munich – RB Leipzig');
    await slip(page)
      .getByLabel(/Stake per bet/)
      .fill('1');

    await moveOdds(page.request, BAYERN, { home: 2.4, draw: 3.5, away: 2.9 });
    await slip(page).getByLabel('When odds change').selectOption('higher');
    await slip(page).getByRole('button', { name: 'Place bet' }).click();
    await expect(slip(page).getByRole('status')).toContainText('Some odds have changed');
    await expect(slip(page)).toContainText('2.40');
    await expect(slip(page)).toContainText('was 2.50');
    await expect(balance(page)).toContainText('100.00');

    // Accepting no change: the same refusal when the odds move again.
    await moveOdds(page.request, BAYERN, { home: 2.3, draw: 3.5, away: 2.9 });
    await slip(page).getByLabel('When odds change').selectOption('none');
    await slip(page).getByRole('button', { name: 'Place bet' }).click();
    await expect(slip(page).getByRole('status')).toContainText('Some odds have changed');
    await expect(balance(page)).toContainText('100.00');

    // Higher odds are taken under "accept higher odds", at the new price.
    await moveOdds(page.request, BAYERN, { home: 2.6, draw: 3.5, away: 2.9 });
    await slip(page).getByLabel('When odds change').selectOption('higher');
    await slip(page).getByRole('button', { name: 'Place bet' }).click();
    await expect(slip(page).getByRole('status')).toContainText('Your bet is placed.');
    await expect(balance(page)).toContainText('99.00');

    await open(page, '/en/sports/bets');
    await expect(page.getByRole('listitem').filter({ hasText: 'Bayern Munich – RB Leipzig' }).first()).toContainText(
      '2.60',
    );
  });
});
