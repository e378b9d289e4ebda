import type { Page, TestInfo } from '@playwright/test';
import {
  confirmRegistrationInBrowser,
  dismissInfoPopup,
  documentMark,
  logIn,
  markDocument,
  PASSWORD,
  registerPlayer,
  uniqueName,
  uniquePerson,
  visitorAddress,
} from './account-support';
import { expect, test } from './fixtures';

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
});

const balanceLink = (page: Page, main: string) =>
  page.getByRole('link', { name: new RegExp(`^Balance ${main.replace(/[.$]/g, '\\$&')} Bonus`) });

/** From the cashbox: a deposit of the amount with a test card on the sandbox's hosted page. */
async function payWithTestCard(page: Page, amount: string, card: string) {
  await page.getByLabel('Amount (EUR)').fill(amount);
  await page.getByRole('button', { name: `Deposit €${amount}` }).click();
  await expect(page).toHaveURL(/\/en\/psp\/checkout\/cs_/);
  await dismissInfoPopup(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox payment page' })).toBeVisible();
  await expect(page.getByText(`€${amount}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Use card ${card}` }).click();
  await page.getByLabel('Name on the card').fill('Ada Lovelace');
}

async function openCashbox(page: Page) {
  await page.getByRole('link', { name: /^Balance / }).click();
  await expect(page).toHaveURL(/\/en\/cashbox$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Make a deposit' })).toBeVisible();
}

test.describe('deposits', () => {
  test('register, log in, deposit with the success card: the balance updates live, the history shows it, log out', async ({
    page,
    axe,
  }) => {
    test.setTimeout(150_000);
    const username = uniqueName('dep');
    await page.goto('/en/auth/register?next=%2Fcashbox');
    await dismissInfoPopup(page);
    await page.getByLabel('E-mail address', { exact: true }).fill(`${username}@example.com`);
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const person = uniquePerson();
    await page.getByLabel('Full name (as on your ID)', { exact: true }).fill(person.fullName);
    await page.getByLabel('Phone number', { exact: true }).fill(person.phone);
    await page.getByLabel('Country', { exact: true }).selectOption('DE');
    await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await page.getByLabel('Date of birth', { exact: true }).fill('1985-11-30');
    await page.getByLabel(/accept the terms and conditions/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await confirmRegistrationInBrowser(page, `${username}@example.com`);
    await expect(page).toHaveURL(/\/en\/cashbox$/, { timeout: 60_000 });

    // Log out and back in, so the journey covers both ways into an account.
    await page.getByRole('button', { name: `Account: ${username}` }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/en\/auth\/register\?next=%2Fcashbox$/);
    await logIn(page, { email: `${username}@example.com`, username, password: PASSWORD }, { next: '/cashbox' });
    await expect(page).toHaveURL(/\/en\/cashbox$/);
    await expect(balanceLink(page, '€0.00')).toBeVisible();
    await axe();

    await page.getByRole('button', { name: '€25.00', exact: true }).click();
    await expect(page.getByRole('button', { name: '€25.00', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await payWithTestCard(page, '25.00', '4242 4242 4242 4242');
    await axe();
    const mark = await markDocument(page);
    await page.getByRole('button', { name: 'Pay €25.00' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment successful.' })).toBeVisible();
    // The webhook credits the ledger; the header hears of it over the balance stream, on this same document.
    await expect(balanceLink(page, '€25.00')).toBeVisible({ timeout: 10_000 });
    expect(await documentMark(page)).toBe(mark);
    await axe();

    await page.getByRole('link', { name: 'Back to Playhouse' }).click();
    await expect(page).toHaveURL(/\/en\/cashbox\?deposit=[0-9a-f-]{36}$/);
    await dismissInfoPopup(page);
    await expect(page.getByRole('status').filter({ hasText: 'Your deposit of €25.00 was successful.' })).toBeVisible();

    await page.getByRole('link', { name: 'Transaction history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction history' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Deposit' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('€25.00');
    await expect(row).toContainText('Main');
    await expect(page.getByText('1 transaction', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Transaction history | Playhouse');
    await axe();

    await page.getByRole('button', { name: `Account: ${username}` }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/auth\/register\?next=%2Ftransactions$/);
  });

  for (const { card, result, status } of [
    {
      card: '4000 0000 0000 0002',
      result: 'Payment declined.',
      status: 'Your deposit of €10.00 was declined. No money was taken.',
    },
    {
      card: '4000 0000 0000 0077',
      result: 'The payment is pending. It will be completed or declined later.',
      status: 'Your deposit of €10.00 is being processed.',
    },
  ]) {
    test(`the ${card} card: "${result}", and no money moves`, async ({ page, axe, baseURL }, testInfo: TestInfo) => {
      const player = await registerPlayer(baseURL!, testInfo);
      await logIn(page, player);
      await openCashbox(page);
      await payWithTestCard(page, '10.00', card);
      await page.getByRole('button', { name: 'Pay €10.00' }).click();
      await expect(page.getByRole('status').filter({ hasText: result })).toBeVisible();
      await axe();
      await page.getByRole('link', { name: 'Back to Playhouse' }).click();
      await dismissInfoPopup(page);
      await expect(page.getByRole('status').filter({ hasText: status })).toBeVisible();
      await expect(balanceLink(page, '€0.00')).toBeVisible();
      await axe();
    });
  }

  test('the amount must be within the method bounds', async ({ page, baseURL }, testInfo) => {
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    await openCashbox(page);
    await page.getByLabel('Amount (EUR)').fill('5');
    await page.getByRole('button', { name: 'Deposit €5.00' }).click();
    await expect(page.getByText('Enter an amount from €10.00 to €5,000.00.')).toBeVisible();
    await expect(page.getByLabel('Amount (EUR)')).toBeFocused();
    await expect(page).toHaveURL(/\/en\/cashbox$/);
  });
});

test.describe('withdrawals', () => {
  test('a withdrawal request shows as pending and its hold in the history', async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    await openCashbox(page);
    await payWithTestCard(page, '50.00', '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay €50.00' }).click();
    await expect(balanceLink(page, '€50.00')).toBeVisible({ timeout: 10_000 });

    await page.getByRole('button', { name: `Account: ${player.username}` }).click();
    await page.getByRole('link', { name: 'Withdrawals' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
    await expect(page.getByText('You have not requested any withdrawal yet.')).toBeVisible();
    await expect(page).toHaveTitle('Withdrawals | Playhouse');
    await axe();

    await page.getByLabel('Amount (EUR)').fill('20');
    await page.getByLabel('IBAN').fill('DE00 1234');
    await page.getByLabel('Account holder').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByText('Enter a valid IBAN.')).toBeVisible();
    await expect(page.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByText('Your withdrawal of €20.00 is waiting for review.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: '€20.00' });
    await expect(row).toContainText('Pending');
    await expect(balanceLink(page, '€30.00')).toBeVisible({ timeout: 10_000 });
    await axe();

    await page.getByRole('button', { name: `Account: ${player.username}` }).click();
    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByLabel('Type').selectOption('withdrawal_request');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/kind=withdrawal_request/);
    await expect(page.getByRole('row').filter({ hasText: 'Withdrawal requested' })).toContainText('-€20.00');
    await expect(page.getByRole('row').filter({ hasText: 'Deposit' })).toHaveCount(0);
    await expect(page).toHaveTitle('Transaction history | Playhouse');
    await axe();
  });
});

test.describe('withdrawals while a bonus is wagered', () => {
  test('withdrawing asks before giving the bonus up; confirmed, the bonus is gone and the withdrawal pending', async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    await openCashbox(page);
    await payWithTestCard(page, '50.00', '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay €50.00' }).click();
    await expect(balanceLink(page, '€50.00')).toBeVisible({ timeout: 10_000 });
    // The welcome free money (10.00 of bonus money) is taken, as the offer screen would.
    const key = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const overview = (await (
      await page.request.get('/spa/users/bonuses', { headers: { 'x-locale': 'en' } })
    ).json()) as {
      offers: { id: string; bonus: { slug: string } }[];
    };
    const offer = overview.offers.find((candidate) => candidate.bonus.slug === 'welcome-free-money')!;
    const accepted = await page.request.post(`/spa/users/bonuses/get/${offer.id}`, {
      headers: { 'idempotency-key': key(), origin: new URL(page.url()).origin },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await expect(page.getByRole('link', { name: /^Balance €50\.00 Bonus €10\.00/ })).toBeVisible({ timeout: 10_000 });

    await page.getByRole('button', { name: `Account: ${player.username}` }).click();
    await page.getByRole('link', { name: 'Withdrawals' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
    await page.getByLabel('Amount (EUR)').fill('20');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('Account holder').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    const question = page.getByRole('alertdialog', { name: 'Withdrawing gives up your bonus' });
    await expect(question).toBeVisible();
    await expect(page.getByRole('button', { name: 'Keep my bonus' })).toBeFocused();
    await expect(page.getByText('You have not requested any withdrawal yet.')).toBeVisible();
    await axe();

    await page.getByRole('button', { name: 'Withdraw and give up the bonus' }).click();
    await expect(page.getByText('Your withdrawal of €20.00 is waiting for review.')).toBeVisible();
    await expect(question).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: '€20.00' })).toContainText('Pending');
    await expect(page.getByRole('link', { name: /^Balance €30\.00 Bonus €0\.00/ })).toBeVisible({ timeout: 10_000 });
    await axe();
  });
});

test.describe('phones', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the cashbox, history, withdrawals, profile and payment page fit a 360 px wide screen', async ({
    page,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    for (const path of ['/en/cashbox', '/en/transactions', '/en/withdrawals', '/en/profile']) {
      await page.goto(path);
      await dismissInfoPopup(page);
      await expect(page.getByRole('button', { name: `Account: ${player.username}` })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading the page' })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await axe();
    }
    await page.goto('/en/cashbox');
    await dismissInfoPopup(page);
    await page.getByRole('button', { name: 'Deposit €10.00' }).click();
    await expect(page).toHaveURL(/\/en\/psp\/checkout\/cs_/);
    await dismissInfoPopup(page);
    await expect(page.getByRole('button', { name: 'Pay €10.00' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await axe();
  });
});
