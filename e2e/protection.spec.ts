// Player protection (issue 10) in the browser: limits refused at the stake with a translated reason, a raise that
// waits 24 hours (the api's clock for this player moved by its test-only endpoint, TEST_CLOCK=on), the reality check
// after the chosen interval (the browser's clock moved by Playwright), a time-out, identity documents that staff
// approve, and the UK-like profile's age check before demo play. The e2e api maps GB players to the UK-like profile
// and MT players to the MGA-like one (JURISDICTION_COUNTRIES in playwright.config.ts).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { staffRequest } from './staff-support';
import { dismissInfoPopup, logIn, registerPlayer, visitorAddress, type Player } from './account-support';

const DAY_MS = 24 * 60 * 60 * 1000;
const STAFF = {
  email: 'support@playhouse.example',
  username: 'support',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};
/** A 1x1 PNG: what a phone's camera picture of a passport is, as far as the content check goes. */
const PASSPORT_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
});

async function openResponsibleGaming(page: Page) {
  await page.getByRole('link', { name: 'Responsible gaming' }).first().click();
  await expect(page).toHaveURL(/\/en\/responsible-gaming$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible gaming' })).toBeVisible();
}

async function depositWithCard(page: Page, amount: string) {
  await page.goto('/en/cashbox');
  await dismissInfoPopup(page);
  await page.getByLabel('Amount (EUR)').fill(amount);
  await page.getByRole('button', { name: `Deposit €${amount}` }).click();
  await expect(page).toHaveURL(/\/en\/psp\/checkout\/cs_/);
  await dismissInfoPopup(page);
  await page.getByRole('button', { name: 'Use card 4242 4242 4242 4242' }).click();
  await page.getByLabel('Name on the card').fill('Ada Lovelace');
  await page.getByRole('button', { name: `Pay €${amount}` }).click();
  await expect(page.getByRole('link', { name: new RegExp(`^Balance €${amount.replace('.', '\\.')}`) })).toBeVisible({
    timeout: 15_000,
  });
}

/** Moves this player's protection clock on the api (the test-only endpoint; the browser's cookies sign it). */
async function advanceApiClock(page: Page, ms: number) {
  const response = await page.request.post('/spa/jurisdiction/test-clock', {
    headers: { origin: new URL(page.url()).origin },
    data: { ms },
  });
  expect(response.status(), await response.text()).toBe(200);
}

function limitCard(page: Page, kind: string, period: string) {
  return page.getByRole('form', { name: `${kind} ${period}`, exact: true });
}

test.describe('limits and reality checks', () => {
  test('a loss limit refuses the bet that breaks it; a raise waits 24 hours for confirmation; the reality check logs out', async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.clock.install();
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    await depositWithCard(page, '20.00');

    await openResponsibleGaming(page);
    await axe();
    const loss = limitCard(page, 'Loss limit', 'Daily');
    await loss.getByLabel('Loss limit, Daily').fill('1.50');
    await loss.getByRole('button', { name: 'Save' }).click();
    await expect(loss.getByText('In force: €1.50')).toBeVisible();

    await page.goto('/en/game/dice');
    await dismissInfoPopup(page);
    const frame = page.frameLocator('iframe[title="Dice, the game"]');
    await frame.getByLabel('Bet').fill('1.00');
    // The smallest win chance (roll under the lowest target): rounds are lost until the limit refuses the next one.
    await frame.getByRole('radio', { name: 'Roll under' }).check();
    await frame.getByLabel(/^Target/).press('Home');
    const refusal = frame.getByText(
      /This would go over your daily loss limit of 1\.50: .+ is left, and this fits again from /,
    );
    for (let roll = 0; roll < 15 && !(await refusal.isVisible()); roll += 1) {
      await frame.getByRole('button', { name: 'Roll' }).click();
      await expect(frame.getByRole('button', { name: 'Roll' })).toBeEnabled();
    }
    await expect(refusal).toBeVisible();

    await openResponsibleGaming(page);
    await loss.getByLabel('Loss limit, Daily').fill('100');
    await loss.getByRole('button', { name: 'Save' }).click();
    await expect(loss.getByText('In force: €1.50')).toBeVisible();
    await expect(loss.getByText(/Change to €100\.00 waiting: confirm from /)).toBeVisible();
    await loss.getByRole('button', { name: 'Confirm the change' }).click();
    await expect(loss.getByText('You can confirm this change 24 hours after you asked for it.')).toBeVisible();
    await advanceApiClock(page, DAY_MS);
    await loss.getByRole('button', { name: 'Confirm the change' }).click();
    await expect(loss.getByText('In force: €100.00')).toBeVisible();

    const reality = page.getByRole('region', { name: 'Reality check' });
    await page.getByLabel('Remind me every').selectOption('15');
    await reality.getByRole('button', { name: 'Save' }).click();
    await expect(reality.getByText('Saved.')).toBeVisible();
    await page.reload();
    await dismissInfoPopup(page);
    await page.clock.fastForward('16:00');
    const dialog = page.getByRole('alertdialog', { name: 'Reality check' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/You have been playing for \d+ minutes\./);
    await expect(dialog).toContainText('Play is paused until you answer.');
    await expect(dialog.getByRole('button', { name: 'Continue playing' })).toBeFocused();
    await axe();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});

test.describe('breaks', () => {
  test('a one-week time-out: no games and no deposits, but the balance can be withdrawn', async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    await depositWithCard(page, '30.00');

    // One step from any page: the footer.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Responsible gaming' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Responsible gaming' })).toBeVisible();
    const timeout = page.getByRole('form', { name: 'Time-out' });
    await timeout.getByLabel('How long').selectOption('1w');
    await timeout.getByLabel('Your password').fill('not my password');
    await timeout.getByRole('button', { name: 'Start the time-out' }).click();
    await expect(timeout.getByRole('alert')).toHaveText('The password is not correct.');
    await timeout.getByLabel('Your password').fill(player.password);
    await timeout.getByRole('button', { name: 'Start the time-out' }).click();
    await expect(page.getByText(/Your time-out is in force until /)).toBeVisible();
    await axe();

    await page.goto('/en/game/dice');
    await dismissInfoPopup(page);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Your time-out is in force: no deposits, bets or games until it ends.' }),
    ).toBeVisible();

    await page.goto('/en/cashbox');
    await dismissInfoPopup(page);
    await page.getByLabel('Amount (EUR)').fill('10.00');
    await page.getByRole('button', { name: 'Deposit €10.00' }).click();
    await expect(page.getByText('Your time-out is in force: no deposits, bets or games until it ends.')).toBeVisible();

    await page.goto('/en/withdrawals');
    await dismissInfoPopup(page);
    await page.getByLabel('Amount (EUR)').fill('20');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('Account holder').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByText('Your withdrawal of €20.00 is waiting for review.')).toBeVisible();
  });
});

async function registerIn(country: string, baseURL: string, testInfo: Parameters<typeof registerPlayer>[1]) {
  return registerPlayer(baseURL, testInfo, 'EUR', country);
}

async function approvePending(baseURL: string, testInfo: Parameters<typeof registerPlayer>[1], player: Player) {
  // The demo support account (documents.review), signed in with its second factor as the chat specs do.
  const staff = await staffRequest(baseURL, STAFF, { 'x-forwarded-for': visitorAddress(testInfo) });
  try {
    const queue = await staff.get('/spa/staff/documents?status=pending');
    const items = (await queue.json()).items as { id: string; login: string }[];
    const mine = items.find((item) => item.login === player.email);
    expect(mine, 'the upload waits in the review queue').toBeTruthy();
    const review = await staff.post(`/spa/staff/documents/${mine!.id}/review`, { data: { decision: 'approve' } });
    expect(review.status(), await review.text()).toBe(200);
  } finally {
    await staff.dispose();
  }
}

test.describe('verification', () => {
  test('MGA-like: a passport upload that staff approve opens withdrawals', async ({ page, axe, baseURL }, testInfo) => {
    test.setTimeout(150_000);
    const player = await registerIn('MT', baseURL!, testInfo);
    await logIn(page, player);
    await openResponsibleGaming(page);
    const deposits = limitCard(page, 'Deposit limit', 'Monthly');
    await deposits.getByLabel('Deposit limit, Monthly').fill('500');
    await deposits.getByRole('button', { name: 'Save' }).click();
    await expect(deposits.getByText('In force: €500.00')).toBeVisible();
    await depositWithCard(page, '30.00');

    await page.goto('/en/withdrawals');
    await dismissInfoPopup(page);
    await page.getByLabel('Amount (EUR)').fill('20');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('Account holder').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByText(/Please verify your identity first/)).toBeVisible();

    await page.goto('/en/verification');
    await dismissInfoPopup(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
    const identity = page.getByRole('form', { name: 'Proof of identity (passport or identity card)' });
    await expect(identity.getByText('Needed before: withdrawals')).toBeVisible();
    await identity
      .getByLabel('File')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG });
    await identity.getByRole('button', { name: 'Upload' }).click();
    await expect(identity.getByText('Waiting for review')).toBeVisible();
    await axe();

    await approvePending(baseURL!, testInfo, player);
    await page.reload();
    await dismissInfoPopup(page);
    await expect(identity.getByText('Verified')).toBeVisible();

    await page.goto('/en/withdrawals');
    await dismissInfoPopup(page);
    await page.getByLabel('Amount (EUR)').fill('20');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('Account holder').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByText('Your withdrawal of €20.00 is waiting for review.')).toBeVisible();
  });

  test('UK-like: no demo play before age verification', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const player = await registerIn('GB', baseURL!, testInfo);
    await logIn(page, player);
    await page.goto('/en/game/dice?mode=demo');
    await dismissInfoPopup(page);
    await expect(page.getByRole('alert').filter({ hasText: /Please verify your identity first/ })).toBeVisible();

    await page.goto('/en/verification');
    await dismissInfoPopup(page);
    const identity = page.getByRole('form', { name: 'Proof of identity (passport or identity card)' });
    await expect(identity.getByText('Needed before: deposits, real-money play, demo play, withdrawals')).toBeVisible();
    await identity
      .getByLabel('File')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG });
    await identity.getByRole('button', { name: 'Upload' }).click();
    await expect(identity.getByText('Waiting for review')).toBeVisible();
    await approvePending(baseURL!, testInfo, player);

    await page.goto('/en/game/dice?mode=demo');
    await dismissInfoPopup(page);
    const frame = page.frameLocator('iframe[title="Dice, the game"]');
    await expect(frame.getByText('Play money: €1,000.00')).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('phones', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the responsible gaming, verification and statement pages fit a 360 px wide screen', async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    for (const [path, heading] of [
      ['/en/responsible-gaming', 'Responsible gaming'],
      ['/en/verification', 'Verification'],
      ['/en/statement', 'Activity statement'],
    ] as const) {
      await page.goto(path);
      await dismissInfoPopup(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await axe();
    }
    // Keyboard: the first limit's field is reachable and its Save button follows it.
    await page.goto('/en/responsible-gaming');
    await dismissInfoPopup(page);
    await page.getByLabel('Deposit limit, Daily').focus();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('form', { name: 'Deposit limit Daily' }).getByRole('button', { name: 'Save' }),
    ).toBeFocused();
  });
});
