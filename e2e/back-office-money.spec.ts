import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { newClient, registerPlayer, visitorAddress, type Player } from './account-support';
import { expect, test } from './fixtures';
import { staffContext, staffRequest, type StaffAccount } from './staff-support';

// The back office's money screens (issue 11): finance pays a withdrawal a second finance member approved, and cannot
// approve their own adjustment nor credit themselves; payments with their webhooks; the admin's threshold.

const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123';
/** The demo team (apps/api/src/services/accounts/demo-staff.ts): two finance members, since a payout needs two. */
const FINANCE: StaffAccount = { email: 'finance@playhouse.example', username: 'finance', password: STAFF_PASSWORD };
const FINANCE2: StaffAccount = { email: 'finance2@playhouse.example', username: 'finance2', password: STAFF_PASSWORD };
const ADMIN: StaffAccount = { email: 'admin@playhouse.example', username: 'admin', password: STAFF_PASSWORD };
/** The second admin: a threshold widens what one finance member does alone, so it takes two admins. */
const ADMIN2: StaffAccount = { email: 'admin2@playhouse.example', username: 'admin2', password: STAFF_PASSWORD };

const IBAN = 'DE89370400440532013000';

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
});

/** A staff member's api client, speaking from the site's origin as the back office does. */
async function asStaff(baseURL: string, staff: StaffAccount, testInfo: TestInfo): Promise<APIRequestContext> {
  return staffRequest(baseURL, staff, { origin: baseURL, 'x-forwarded-for': visitorAddress(testInfo) });
}

/**
 * A player with `amount` EUR on the main balance: finance asks for the credit, the second finance member approves it
 * (the default threshold is 0, so every adjustment takes two people).
 */
async function fundedPlayer(baseURL: string, testInfo: TestInfo, amount: string): Promise<Player> {
  const player = await registerPlayer(baseURL, testInfo);
  const finance = await asStaff(baseURL, FINANCE, testInfo);
  const finance2 = await asStaff(baseURL, FINANCE2, testInfo);
  try {
    const asked = await finance.post('/spa/staff/adjustments', {
      headers: { 'idempotency-key': `e2e-${randomUUID()}` },
      data: { login: player.username, amount, reason: 'e2e starting balance' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const { request } = (await asked.json()) as { request: { id: string; status: string } };
    if (request.status === 'pending') {
      const approved = await finance2.post(`/spa/staff/adjustments/${request.id}/approve`, { data: {} });
      expect(approved.status(), await approved.text()).toBe(200);
    }
    return player;
  } finally {
    await finance.dispose();
    await finance2.dispose();
  }
}

/** A signed-in api client of the player (another device), speaking from the site's origin. */
async function playerClient(baseURL: string, testInfo: TestInfo, player: Player): Promise<APIRequestContext> {
  const client = await newClient(baseURL, testInfo);
  const login = await client.post('/spa/auth/login', {
    headers: { origin: baseURL },
    data: { login: player.username, password: player.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return client;
}

/** The player asks for a payout of `amount` EUR through the api, as the withdrawals page does. */
async function requestWithdrawal(baseURL: string, testInfo: TestInfo, player: Player, amount: string) {
  const client = await playerClient(baseURL, testInfo, player);
  try {
    const response = await client.post('/spa/cashbox/withdrawals', {
      headers: { origin: baseURL, 'idempotency-key': `e2e-${randomUUID()}` },
      data: { method: 'sandbox_bank', amount, details: { iban: IBAN, accountHolder: 'Ada Lovelace' } },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { withdrawal: { id: string } }).withdrawal.id;
  } finally {
    await client.dispose();
  }
}

/** A deposit paid with the sandbox's success card on its hosted page (the webhook then credits it). */
async function deposit(baseURL: string, testInfo: TestInfo, player: Player, amount: string): Promise<string> {
  const client = await playerClient(baseURL, testInfo, player);
  try {
    const created = await client.post('/spa/cashbox/deposits', {
      headers: { origin: baseURL, 'idempotency-key': `e2e-${randomUUID()}` },
      data: { method: 'sandbox_card', amount },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { deposit: made } = (await created.json()) as { deposit: { id: string; redirectUrl: string } };
    const paid = await client.post(`/spa/psp/sandbox/checkout/${made.redirectUrl.split('/').pop()!}`, {
      headers: { origin: baseURL },
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', holder: 'Ada Lovelace' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    return made.id;
  } finally {
    await client.dispose();
  }
}

async function staffPage(browser: Browser, staff: StaffAccount, next: string, testInfo: TestInfo): Promise<Page> {
  const context = await staffContext(browser, staff, next);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  const page = await context.newPage();
  await page.goto(`/en${next}`);
  return page;
}

test.describe('back office: money', () => {
  test('finance pays a withdrawal that a second finance member approved; the page names both', async ({
    browser,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const player = await fundedPlayer(baseURL!, testInfo, '100.00');
    const id = await requestWithdrawal(baseURL!, testInfo, player, '40.00');

    // The second finance member approves it from the withdrawal's page.
    const approver = await staffPage(browser, FINANCE2, `/staff/money/withdrawals/${id}`, testInfo);
    await expect(approver.getByRole('heading', { level: 1, name: `Withdrawal ${id.slice(0, 8)}` })).toBeVisible();
    await expect(approver.getByText(player.email, { exact: false })).toBeVisible();
    await axe.page(approver);
    await approver.getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByText('Approved. A second finance member pays it.')).toBeVisible();
    // Having approved it, they cannot also pay it: the screen says why.
    await approver.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(approver.getByRole('alert').filter({ hasText: 'Four eyes' })).toContainText(
      'Four eyes: a second staff member has to do this',
    );
    await approver.context().close();

    // Finance finds it in the queue and pays it.
    const payer = await staffPage(browser, FINANCE, '/staff/money/withdrawals', testInfo);
    await expect(payer.getByRole('heading', { level: 1, name: 'Withdrawal queue' })).toBeVisible();
    await payer.getByLabel('Player (e-mail, username or id)').fill(player.username);
    await payer.getByLabel('Status').selectOption('approved');
    await payer.getByRole('button', { name: 'Apply filters' }).click();
    await expect(payer).toHaveURL(/status=approved/);
    const row = payer.getByRole('row').filter({ hasText: player.email });
    await expect(row).toContainText('€40.00');
    await expect(row).toContainText('Approved');
    await axe.page(payer);
    await row.getByRole('link', { name: id.slice(0, 8) }).click();
    await expect(payer.getByRole('heading', { level: 1, name: `Withdrawal ${id.slice(0, 8)}` })).toBeVisible();
    await payer.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(payer.getByText('Marked as paid.')).toBeVisible();
    const facts = payer.locator('dl');
    await expect(facts.getByRole('definition').filter({ hasText: FINANCE2.email })).toHaveCount(1);
    await expect(facts.getByRole('definition').filter({ hasText: FINANCE.email })).toHaveCount(1);
    const history = payer.getByRole('region', { name: 'History' });
    await expect(history.getByRole('row').filter({ hasText: 'Paid' })).toContainText(FINANCE.email);
    await expect(history.getByRole('row').filter({ hasText: 'Approved' })).toContainText(FINANCE2.email);
    await axe.page(payer);
    await payer.context().close();
  });

  test('finance cannot approve their own adjustment nor credit themselves: the screen shows the refusal', async ({
    browser,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const player = await registerPlayer(baseURL!, testInfo);
    const page = await staffPage(browser, FINANCE, '/staff/money/adjustments', testInfo);
    await expect(page.getByRole('heading', { level: 1, name: 'Manual adjustments' })).toBeVisible();
    await axe.page(page);

    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send' }) });
    await form.getByLabel('Player (e-mail or username)').fill(player.username);
    await form.getByLabel('Amount (e.g. 25.00, or -10.00 to debit)').fill('500.00');
    await form.getByLabel('Reason').fill('goodwill after an outage');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText("Asked: it waits for a second finance member's approval.")).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: player.email });
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Four eyes' })).toContainText(
      'Four eyes: a second staff member has to do this, not the one who asked for it or approved it.',
    );
    await expect(row).toContainText('Pending');

    await form.getByLabel('Player (e-mail or username)').fill(FINANCE.username);
    await form.getByLabel('Amount (e.g. 25.00, or -10.00 to debit)').fill('5.00');
    await form.getByLabel('Reason').fill('trying my own account');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Nobody acts on their own account: another staff member has to do this.',
    );
    await axe.page(page);
    await page.context().close();

    // The second finance member approves it: only now does the money move.
    const second = await staffPage(browser, FINANCE2, `/staff/money/adjustments?q=${player.username}`, testInfo);
    const pending = second.getByRole('row').filter({ hasText: player.email });
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expect(second.getByText('Approved: the money has moved.')).toBeVisible();
    await expect(pending).toContainText('Approved');
    await expect(pending).toContainText(FINANCE2.email);
    await second.context().close();
  });

  test('payments list a deposit and its page shows the webhooks it got; two admins set a threshold', async ({
    browser,
    axe,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const player = await registerPlayer(baseURL!, testInfo);
    const id = await deposit(baseURL!, testInfo, player, '30.00');
    const page = await staffPage(browser, FINANCE, `/staff/money/payments?q=${player.username}`, testInfo);
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Deposits' }).getByRole('row').filter({ hasText: player.email });
    await expect(row).toContainText('€30.00');
    await axe.page(page);
    await row.getByRole('link', { name: id.slice(0, 8) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Payment ${id.slice(0, 8)}` })).toBeVisible();
    // The webhook is delivered at once, or by the next delivery run: reload until the page shows it applied.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('region', { name: 'Webhooks received' })).toContainText('Applied', {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Delivery attempts' })).toContainText('Delivered');
    await axe.page(page);
    await page.context().close();

    const admin = await staffPage(browser, ADMIN, '/staff/money/settings', testInfo);
    await expect(admin.getByRole('heading', { level: 1, name: 'Money settings' })).toBeVisible();
    await axe.page(admin);
    const ask = admin
      .locator('section')
      .filter({ has: admin.getByRole('heading', { name: 'Ask for a new threshold' }) });
    await ask.getByLabel('Currency').selectOption('GBP');
    await ask.getByLabel('New threshold (e.g. 100.00)').fill('25.00');
    await ask.getByRole('button', { name: 'Ask a second admin' }).click();
    await expect(
      admin.getByText('Asked: the GBP threshold becomes £25.00 once a second admin approves.'),
    ).toBeVisible();
    const thresholds = admin.getByRole('region', { name: 'Four-eyes threshold of manual adjustments' });
    await expect(thresholds.getByRole('row', { name: /^GBP/ })).toContainText('£0.00');
    await expect(
      admin.getByRole('region', { name: 'Settings waiting for a second admin' }).getByRole('listitem'),
    ).toContainText('Your request: another member decides.');
    await axe.page(admin);
    await admin.context().close();

    const second = await staffPage(browser, ADMIN2, '/staff/money/settings', testInfo);
    await second.getByRole('button', { name: 'Approve: GBP adjustment threshold: 25.00' }).click();
    const applied = second.getByRole('region', { name: 'Four-eyes threshold of manual adjustments' });
    await expect(applied.getByRole('row', { name: /^GBP/ })).toContainText('£25.00');
    await expect(applied.getByRole('row', { name: /^GBP/ })).toContainText(ADMIN2.email);
    await axe.page(second);
    await second.context().close();
  });

  test('the withdrawal queue and a withdrawal fit a tablet', async ({ browser, axe, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const player = await fundedPlayer(baseURL!, testInfo, '60.00');
    const id = await requestWithdrawal(baseURL!, testInfo, player, '25.00');
    const page = await staffPage(browser, FINANCE, `/staff/money/withdrawals?q=${player.username}`, testInfo);
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(page.getByRole('row').filter({ hasText: player.email })).toContainText('Pending');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await axe.page(page);
    await page.goto(`/en/staff/money/withdrawals/${id}`);
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await axe.page(page);
    await page.context().close();
  });
});
