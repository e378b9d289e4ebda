import type { FrameLocator, Page } from '@playwright/test';
import { dismissInfoPopup, logIn, registerPlayer, visitorAddress, type Player } from './account-support';
import { expect, test } from './fixtures';

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
});

/** The words each locale shows, for the tests that run in two languages. */
const WORDS = {
  en: {
    tableGames: 'Table games',
    loadMore: 'Load more',
    choose: 'Choose provider',
    providers: 'Game providers',
    search: 'Search games',
    suggestions: 'Suggested games',
    results: (term: string) => `Results for “${term}”`,
    roulette: 'European Roulette',
  },
  de: {
    tableGames: 'Tischspiele',
    loadMore: 'Mehr laden',
    choose: 'Anbieter wählen',
    providers: 'Spieleanbieter',
    search: 'Spiele suchen',
    suggestions: 'Vorgeschlagene Spiele',
    results: (term: string) => `Ergebnisse für „${term}“`,
    roulette: 'Europäisches Roulette',
  },
} as const;

const grid = (page: Page, label: string) => page.getByRole('region', { name: label });

async function open(page: Page, path: string) {
  await page.goto(path);
  await dismissInfoPopup(page);
}

/** Puts money on the signed-in player's balance the way they would: a deposit paid with the sandbox success card. */
async function deposit(page: Page, amount: string) {
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/spa/cashbox/deposits', {
    headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`, origin },
    data: { method: 'sandbox_card', amount },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { deposit: made } = (await created.json()) as { deposit: { redirectUrl: string } };
  const sessionId = made.redirectUrl.split('/').pop()!;
  const paid = await page.request.post(`/spa/psp/sandbox/checkout/${sessionId}`, {
    headers: { origin },
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', holder: 'Ada Lovelace' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

const headerBalance = (page: Page) => page.getByRole('link', { name: /^Balance / });

/** The main balance the header shows, as a number ("Balance €48.75 Bonus €0.00" → 48.75). */
async function headerMain(page: Page): Promise<number> {
  const text = (await headerBalance(page).textContent()) ?? '';
  return Number(/€([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, ''));
}

async function frameBalance(frame: FrameLocator): Promise<number> {
  const text = (await frame.getByText(/^Balance:/).textContent()) ?? '';
  return Number(/€([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, ''));
}

for (const lng of ['en', 'de'] as const) {
  const words = WORDS[lng];

  test.describe(`casino in ${lng}`, () => {
    test('browse a category, load more until the button goes, switch provider', async ({ page, axe }) => {
      await open(page, `/${lng}/category/table-games`);
      await expect(page.getByRole('heading', { level: 1, name: words.tableGames })).toBeVisible();
      const games = grid(page, words.tableGames).getByRole('article');
      await expect(games).toHaveCount(6);
      await axe();

      const loadMore = page.getByRole('button', { name: words.loadMore });
      await loadMore.click();
      await expect(games).toHaveCount(12);
      await loadMore.click();
      await expect(loadMore).toBeHidden();
      await expect(games).toHaveCount(12);

      const picker = page.getByRole('button', { name: new RegExp(words.choose) });
      await picker.click();
      await expect(picker).toHaveAttribute('aria-expanded', 'true');
      await axe();
      await page.getByRole('list', { name: words.providers }).getByRole('link', { name: 'Northlight Tables' }).click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/category/northlight$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Northlight Tables' })).toBeVisible();
      await expect(page.getByRole('button', { name: /Northlight Tables/ })).toHaveAttribute('aria-expanded', 'false');
      await expect(grid(page, 'Northlight Tables').getByRole('article')).toHaveCount(6);
    });

    test('search with suggestions and infinite scroll, then the search page', async ({ page, axe }) => {
      await open(page, `/${lng}/category/slots`);
      await page.getByRole('button', { name: words.search }).click();
      const box = page.getByRole('searchbox');
      await expect(box).toBeFocused();
      await box.fill('o');
      const suggestions = page.getByRole('list', { name: words.suggestions }).getByRole('link');
      await expect(suggestions).toHaveCount(10);
      await axe();
      await page.getByRole('list', { name: words.suggestions }).evaluate((list) => {
        list.scrollTop = list.scrollHeight;
        list.dispatchEvent(new Event('scroll'));
      });
      await expect(suggestions).toHaveCount(20);

      await box.fill('   ');
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lng}/category/slots$`));
      await box.fill('roulette');
      await expect(suggestions.first()).toBeVisible();
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lng}/search\\?searchValue=roulette$`));
      const heading = words.results('roulette');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(grid(page, heading).getByRole('article', { name: words.roulette, exact: true })).toBeVisible();
      // The three roulette tables and the shared one.
      await expect(grid(page, heading).getByRole('article')).toHaveCount(4);
    });
  });
}

test.describe('casino players', () => {
  test('a visitor: Play leads to registration, Demo plays with play money', async ({ page, axe }) => {
    await open(page, '/en/category/originals');
    const dice = page.getByRole('article', { name: 'Dice' });
    await dice.hover();
    await dice.getByRole('link', { name: 'Play Dice', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/auth\/register$/);

    await open(page, '/en/category/originals');
    await page.getByRole('article', { name: 'Plinko' }).hover();
    await page.getByRole('link', { name: 'Play Plinko in demo mode' }).click();
    await expect(page).toHaveURL(/\/en\/game\/plinko\?mode=demo$/);
    await expect(page.getByText('Demo mode: you play with play money, your balance is not touched.')).toBeVisible();
    const frame = page.frameLocator('iframe[title="Plinko, the game"]');
    await expect(frame.getByText('Play money: €1,000.00')).toBeVisible();
    await frame.getByRole('button', { name: 'Drop ball' }).click();
    await expect(frame.getByTestId('round-result')).not.toBeEmpty();
    await expect(frame.getByText(/^Landed in slot \d+$/)).toBeVisible();
    await axe();

    // A game page without demo sends the visitor to registration.
    await page.goto('/en/game/dice');
    await expect(page).toHaveURL(/\/en\/auth\/register\?next=%2Fgame%2Fdice$/);
    // The server sends them, before any script runs; the demo of a game that has one is served.
    const direct = await page.request.get('/en/game/dice', { maxRedirects: 0 });
    expect(direct.status()).toBe(307);
    expect(direct.headers().location).toBe('/en/auth/register?next=%2Fgame%2Fdice');
    expect((await page.request.get('/en/game/plinko?mode=demo', { maxRedirects: 0 })).status()).toBe(200);
  });

  test("the game frame says when the game's code could not be loaded, and tries again", async ({ page, axe }) => {
    // The frame loads the game's code once the session names the game: a chunk of its own, whose name does not say
    // which module it holds, so it is found by a literal only the Plinko component has. Its requests fail, as on a
    // connection that drops (the bundler's runtime asks twice before it gives up), until the frame says so; every other
    // chunk (the page's and the frame's own) is served as it is.
    const marker = 'plinko-slots';
    let dropped = true;
    const aborted: string[] = [];
    await page.route('**/_next/static/chunks/**', async (route) => {
      const response = await route.fetch();
      if (dropped && (await response.text()).includes(marker)) {
        aborted.push(route.request().url());
        await route.abort('internetdisconnected');
      } else {
        await route.fulfill({ response });
      }
    });
    await open(page, '/de/game/plinko?mode=demo');
    const frame = page.frameLocator('iframe[title="Plinko, das Spiel"]');
    const message = 'Das Spiel konnte nicht geladen werden. Prüfe deine Verbindung und versuche es erneut.';
    // Next's route announcer is an (empty) alert of the frame too.
    const failure = frame.getByRole('alert').filter({ hasText: message });
    await expect(failure).toBeVisible();
    expect(aborted.length).toBeGreaterThan(0);
    expect(new Set(aborted).size).toBe(1);
    await expect(frame.getByRole('button', { name: 'Kugel fallen lassen' })).toHaveCount(0);
    // The game page around the frame is whole: only the game's code failed.
    await expect(page.getByText('Demomodus: Du spielst mit Spielgeld, dein Guthaben bleibt unberührt.')).toBeVisible();
    await axe();

    dropped = false;
    await failure.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(frame.getByText('Spielgeld: 1.000,00 €')).toBeVisible();
    await frame.getByRole('button', { name: 'Kugel fallen lassen' }).click();
    await expect(frame.getByTestId('round-result')).not.toBeEmpty();
    await expect(frame.getByText(message)).toHaveCount(0);
  });

  test("a locked game's popup leads to the cashbox", async ({ page, axe }) => {
    await open(page, '/en/category/jackpots');
    const locked = grid(page, 'Big wins')
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /\(locked: find out how to unlock it\)$/ }) })
      .first();
    await locked.hover();
    await locked.getByRole('button', { name: /\(locked: find out how to unlock it\)$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('This game unlocks with your first deposit.');
    await expect(dialog.getByRole('link', { name: 'Make a deposit' })).toBeFocused();
    await axe();
    await dialog.getByRole('link', { name: 'Make a deposit' }).click();
    // A visitor is asked to sign up first, and then taken on to the cashbox.
    await expect(page).toHaveURL(/\/en\/(cashbox|auth\/register\?next=%2Fcashbox)$/);
  });

  test('a player favourites a game and finds it under favourites', async ({ page, baseURL, axe }, testInfo) => {
    const player: Player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    await open(page, '/en/category/table-games');
    const first = grid(page, 'Table games').getByRole('article').first();
    const title = (await first.getAttribute('aria-label'))!;
    await first.getByRole('button', { name: `Add ${title} to favourites` }).click();
    await expect(first.getByRole('button', { name: `Remove ${title} from favourites` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await open(page, '/en/category/favourites');
    await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
    await expect(grid(page, 'Favourites').getByRole('article')).toHaveCount(1);
    await expect(grid(page, 'Favourites').getByRole('article', { name: title })).toBeVisible();
    await axe();
  });

  test('a player plays a round of each Originals game and the header balance follows', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    await deposit(page, '50.00');
    await expect(page.getByRole('link', { name: /^Balance €50\.00/ })).toBeVisible({ timeout: 20_000 });

    const rounds: [string, string, string][] = [
      ['lucky-reels', 'Lucky Reels', 'Spin'],
      ['dice', 'Dice', 'Roll'],
      ['plinko', 'Plinko', 'Drop ball'],
    ];
    for (const [slug, title, action] of rounds) {
      await open(page, `/en/game/${slug}`);
      const frame = page.frameLocator(`iframe[title="${title}, the game"]`);
      const before = await frameBalance(frame);
      await expect(headerBalance(page)).toContainText(`€${before.toFixed(2)}`);
      await frame.getByRole('button', { name: action }).click();
      await expect(frame.getByTestId('round-result')).not.toBeEmpty();
      const after = await frameBalance(frame);
      // The wallet's change reaches the header over the balance stream, without a reload.
      await expect.poll(() => headerMain(page), { timeout: 10_000 }).toBeCloseTo(after, 2);
      await expect(frame.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
    }

    // Reveal the seed and verify the last round in the browser.
    const frame = page.frameLocator('iframe[title="Plinko, the game"]');
    await frame.getByRole('button', { name: 'Reveal the server seed and start a new one' }).click();
    await expect(frame.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await frame
      .getByRole('button', { name: /^Verify round / })
      .first()
      .click();
    await expect(frame.getByText('Verified: the seed matches its hash and gives this result.').first()).toBeVisible();
  });
});
