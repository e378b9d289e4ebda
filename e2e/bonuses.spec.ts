import type { Page } from '@playwright/test';
import { dismissInfoPopup, logIn, registerPlayer, visitorAddress } from './account-support';
import { expect, test } from './fixtures';

// The seed offers every new player three bonuses at registration (welcome coins, free money, Lucky Reels free
// spins); the api lists them in no fixed order, and only one bonus can be wagered at a time, so each test has its own
// player.
test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
});

const COIN_REVEAL_MS = 3100;
const COIN_AUTO_ACCEPT_MS = 4000;

const balances = (page: Page, bonus: string) =>
  page.getByRole('link', { name: new RegExp(`^Balance €0\\.00 Bonus ${bonus.replace(/[.$]/g, '\\$&')}$`) });

const offerDialog = (page: Page) => page.getByRole('dialog', { name: /Welcome coins|Free welcome money|Lucky Reels/ });

test('a coin bonus over the site: pick, reveal after 3.1 s, accepted 4 s later, bonus balance updated', async ({
  page,
  axe,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const player = await registerPlayer(baseURL!, testInfo);
  await page.clock.install();
  await logIn(page, player);
  await expect(balances(page, '€0.00')).toBeVisible();

  // Nothing opens by itself: the offers wait behind the gift button beside the balances, oldest first; Later moves on.
  await expect(offerDialog(page)).toHaveCount(0);
  const gift = page.getByRole('button', { name: 'Bonus offers for you: 3' });
  for (let shown = 0; shown < 3; shown += 1) {
    await gift.click();
    const dialog = offerDialog(page);
    await expect(dialog).toBeVisible();
    if ((await dialog.getByRole('heading', { level: 2 }).textContent()) === 'Welcome coins') break;
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect(dialog).toBeHidden();
  }
  const coins = page.getByRole('dialog', { name: 'Welcome coins' });
  await expect(coins.getByRole('status')).toHaveText('Pick a coin to find out your bonus.');
  await expect(coins.getByRole('button', { name: /^Coin \d$/ })).toHaveCount(4);
  await axe();

  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  const picked = page.waitForResponse((response) => response.url().includes('/spa/users/bonuses/pick/'));
  await coins.getByRole('button', { name: 'Coin 3' }).click();
  const { pickedAmount, items } = (await (await picked).json()) as { pickedAmount: string; items: string[] };
  const money = (amount: string) => `€${amount}`;

  // Clicks during the pick are ignored: no second pick, the third coin stays the picked one.
  // force: the coins are marked aria-disabled while the game runs, and the click must still reach the page.
  await coins.getByRole('button', { name: 'Coin 1' }).click({ force: true });
  await expect(coins.getByRole('button', { name: 'Coin 3' })).toHaveAttribute('aria-pressed', 'true');
  await expect(coins.getByRole('button', { name: 'Coin 1' })).toHaveAttribute('aria-pressed', 'false');
  await expect(coins.getByRole('button', { name: 'Later' })).toBeDisabled();

  await page.clock.runFor(COIN_REVEAL_MS - 100);
  await expect(coins.getByRole('button', { name: /^Coin \d$/ })).toHaveCount(4);
  await page.clock.runFor(100);
  await expect(coins.getByRole('button', { name: `Coin 3: ${money(pickedAmount)} (your coin)` })).toBeVisible();
  const shownAmounts = await coins
    .getByRole('button', { name: /^Coin \d: / })
    .evaluateAll((buttons) => buttons.map((button) => /€[\d.]+/.exec(button.getAttribute('aria-label')!)![0]));
  expect([...shownAmounts].sort()).toEqual(items.map(money).sort());
  await expect(coins.getByRole('status')).toHaveText(`Your bonus: ${money(pickedAmount)}`);

  const accepted = page.waitForResponse((response) => response.url().includes('/spa/users/bonuses/get/'));
  await page.clock.runFor(COIN_AUTO_ACCEPT_MS - 100);
  await expect(coins.getByRole('status')).toHaveText(`Your bonus: ${money(pickedAmount)}`);
  await page.clock.runFor(100);
  expect((await accepted).status()).toBe(200);
  await expect(coins.getByRole('status')).toHaveText(
    `Congratulations! ${money(pickedAmount)} is on your bonus balance. Wager it 20 times and it is yours to keep.`,
  );
  await page.clock.resume();
  await expect(balances(page, money(pickedAmount))).toBeVisible();
  // axe waits on timers of its own, so it scans once the clock runs again.
  await axe();
  await coins.getByRole('button', { name: 'Close' }).click();
  await expect(coins).toBeHidden();
  // With a bonus being wagered, no other offer can be received: the gift button goes.
  await expect(page.getByRole('button', { name: /^Bonus offers for you/ })).toHaveCount(0);

  // Wagering progress beside the balances and on the profile.
  // As the site writes it, thousands separator included (€1,000.00 for the 50.00 coin).
  const required = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(
    Number(pickedAmount) * 20,
  );
  const meter = page.getByRole('link', {
    name: new RegExp(`^Bonus wagering 0% done, ${required.replace(/[.$]/g, '\\$&')} left`),
  });
  await expect(meter).toBeVisible();
  await meter.click();
  await expect(page).toHaveURL(/\/en\/bonuses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonuses' })).toBeVisible();
  await expect(page.getByText('Welcome coins: 0% wagered')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Welcome coins: 0% wagered' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Wagering' })).toBeVisible();
  await axe();

  await page.goto('/en/profile');
  await dismissInfoPopup(page);
  const profileBonus = page.getByRole('region', { name: 'Your bonus' });
  await expect(profileBonus.getByRole('progressbar', { name: 'Welcome coins: 0% wagered' })).toBeVisible();
  await expect(profileBonus.getByText(`€0.00 of ${required}`)).toBeVisible();
  await expect(profileBonus.getByText('Left to wager')).toBeVisible();
  await expect(profileBonus.getByText('Expires')).toBeVisible();
  await axe();

  // Giving the bonus up removes what is left of it, after a confirmation.
  await profileBonus.getByRole('link', { name: 'Offers and bonus history' }).click();
  await expect(page).toHaveURL(/\/en\/bonuses$/);
  await page.getByRole('button', { name: 'Give up this bonus' }).click();
  await expect(
    page.getByText(/^Give up the bonus\? The bonus money left on your bonus balance is removed, and what bets/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Give it up' }).click();
  await expect(page.getByText('You have no bonus to wager right now.')).toBeVisible();
  await expect(balances(page, '€0.00')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /Welcome coins Given up/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Bonus wagering/ })).toHaveCount(0);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('standard bonuses on the bonuses page: one received, one rejected', async ({ page, axe, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player, { next: '/bonuses' });
    await expect(page).toHaveURL(/\/en\/bonuses$/);
    const offers = page.getByRole('region', { name: 'Offers for you' });
    await expect(offers.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('You have no bonus to wager right now.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await axe();

    await offers.getByRole('button', { name: 'Open Free welcome money' }).click();
    const money = page.getByRole('dialog', { name: 'Free welcome money' });
    await expect(
      money.getByText('€10.00 of bonus money to play with, no deposit needed. Wager it 30 times to keep it.'),
    ).toBeVisible();
    const more = money.getByRole('heading', { name: 'More information' });
    await expect(more).toBeHidden();
    await money.getByRole('button', { name: 'Show more' }).click();
    await expect(more).toBeVisible();
    await expect(money.getByText('€300.00')).toBeVisible();
    await axe();
    await money.getByRole('button', { name: 'Hide' }).click();
    await expect(more).toBeHidden();
    await money.getByRole('button', { name: 'Receive' }).click();
    await expect(money.getByRole('status')).toHaveText(
      'Congratulations! €10.00 is on your bonus balance. Wager it 30 times and it is yours to keep.',
    );
    await expect(balances(page, '€10.00')).toBeVisible();
    await money.getByRole('button', { name: 'Close' }).click();
    await expect(money).toBeHidden();
    await expect(page.getByRole('progressbar', { name: 'Free welcome money: 0% wagered' })).toBeVisible();
    await expect(offers.getByRole('listitem')).toHaveCount(2);

    // By keyboard: focus moves into the dialog, Escape puts the offer aside and focus goes back to its opener.
    const openSpins = offers.getByRole('button', { name: 'Open Lucky Reels free spins' });
    await openSpins.focus();
    await page.keyboard.press('Enter');
    const spins = page.getByRole('dialog', { name: 'Lucky Reels free spins' });
    await expect(spins.getByRole('button', { name: 'Show more' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(spins).toBeHidden();
    await expect(openSpins).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(spins.getByText(/^20 free spins on Lucky Reels by \p{Lu}/u)).toBeVisible();
    const reject = spins.getByRole('button', { name: 'Reject' });
    await expect(reject).toHaveAccessibleDescription('A rejected bonus cannot be taken later.');
    await reject.click();
    await expect(spins).toBeHidden();
    await expect(offers.getByRole('listitem')).toHaveCount(1);
    await expect(offers.getByRole('button', { name: 'Open Lucky Reels free spins' })).toHaveCount(0);

    const history = page.getByRole('table');
    await expect(history.getByRole('row', { name: /Lucky Reels free spins Rejected/ })).toBeVisible();
    await expect(
      history.getByRole('row', { name: /Free welcome money Wagering €10\.00 €0\.00 of €300\.00/ }),
    ).toBeVisible();
    await axe();
  });
});
