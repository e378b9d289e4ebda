import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  confirmByMail,
  logIn,
  newClient,
  PASSWORD,
  type Player,
  solveCaptcha,
  uniqueName,
  uniquePerson,
  visitorAddress,
} from './account-support';
import { expect, test } from './fixtures';
import { staffContext, staffRequest } from './staff-support';

/*
 * Issue 11, marketing's acceptance: marketing creates a campaign in the back office that a new player then receives.
 * The campaign targets a promo code (a registration campaign would reach every player the other specs register), so
 * one new player receives it by registering with the code and another by typing it on their bonus page. On a tablet.
 */

test.use({ viewport: { width: 768, height: 1024 } });

/** The demo marketing account (DEMO_STAFF_PASSWORD in playwright.config.ts), signed in with its second factor. */
const MARKETING = {
  email: 'marketing@playhouse.example',
  username: 'marketing',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};

/** The second marketing member: a campaign and its codes go live when they approve (four eyes). */
const MARKETING2 = { ...MARKETING, email: 'marketing2@playhouse.example', username: 'marketing2' };

/** Registers a player, who typed `promoCode` (if any) into the registration form's promo code field. */
async function registerWithCode(baseURL: string, testInfo: TestInfo, promoCode?: string): Promise<Player> {
  const client: APIRequestContext = await newClient(baseURL, testInfo);
  try {
    const username = uniqueName('m');
    const player = { email: `${username}@example.com`, username, password: PASSWORD };
    const response = await client.post('/spa/users', {
      data: {
        email: player.email,
        username,
        password: PASSWORD,
        ...uniquePerson(),
        country: 'DE',
        currency: 'EUR',
        dateOfBirth: '1990-04-12',
        ...(promoCode ? { promoCode } : {}),
        termsAccepted: true,
        captcha: await solveCaptcha(client),
      },
    });
    expect(response.status(), await response.text()).toBe(202);
    await confirmByMail(client, player.email, baseURL);
    return player;
  } finally {
    await client.dispose();
  }
}

/** The offer's card on the bonus page, under the name marketing gave the campaign. */
const offerCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

test('marketing creates a promo-code campaign that new players then receive', async ({
  browser,
  page,
  axe,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const slug = `e2e-${uniqueName('spring').toLowerCase()}`.slice(0, 40);
  const code = uniqueName('JOIN')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16);

  const office = await staffContext(browser, MARKETING, '/staff/campaigns');
  await office.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  const staff = await office.newPage();
  try {
    await staff.goto('/en/staff/campaigns');
    await expect(staff.getByRole('heading', { level: 1, name: 'Bonus campaigns' })).toBeVisible();
    await expect(staff.getByRole('table', { name: 'Bonus campaigns' })).toBeVisible();
    await axe.page(staff);

    // The editor: a free-money campaign targeted at a promo code.
    await staff.getByRole('link', { name: 'New campaign' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();
    await axe.page(staff);
    await staff.getByLabel('Slug (permanent identifier)').fill(slug);
    await staff.getByLabel('Type').selectOption({ label: 'Free money' });
    await staff.getByLabel('Targeting').selectOption({ label: 'Promo code' });
    await staff.getByLabel('Name (EN)').fill(`Spring gift ${slug}`);
    await staff.getByLabel('Amount (free money) or cap (deposit match)').fill('7.50');
    await staff.getByLabel('Wagering multiple').fill('20');
    await staff.getByLabel('Maximum bet while wagering').fill('2.00');
    await staff.getByLabel('GBP: amount').fill('6.50');
    await staff.getByRole('button', { name: 'Create campaign' }).click();

    // The campaign's page: its terms, and a promo code added to it; neither is live before a second member approves.
    await expect(staff.getByRole('heading', { level: 1, name: `Spring gift ${slug}` })).toBeVisible();
    await expect(staff.getByText('Waiting for approval', { exact: true })).toBeVisible();
    await staff.getByLabel('Code', { exact: true }).fill(code);
    await staff.getByRole('button', { name: 'Add code' }).click();
    await expect(staff.getByRole('table', { name: 'Promo codes of this campaign' })).toContainText(code);
    const waiting = staff.getByRole('region', { name: 'Waiting for a second marketing member' });
    await expect(waiting.getByRole('listitem')).toHaveCount(2);
    await expect(waiting.getByText('Your request: another member decides.').first()).toBeVisible();
    await axe.page(staff);

    // The editor opens in place.
    await staff.getByRole('button', { name: 'Edit' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: `Edit Spring gift ${slug}` })).toBeVisible();
    await expect(staff.getByLabel('Wagering multiple')).toHaveValue('20');
    await axe.page(staff);
    await staff.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await office.close();
  }

  // The second marketing member approves the campaign and its code on the campaign's page.
  const colleague = await staffContext(browser, MARKETING2, '/staff/campaigns');
  await colleague.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  const approver = await colleague.newPage();
  try {
    await approver.goto('/en/staff/campaigns');
    await approver.getByRole('button', { name: new RegExp(`^Approve: Campaign ${slug} goes live`) }).click();
    await expect(approver.getByRole('status').filter({ hasText: 'Approved and carried out' })).toBeVisible();
    await approver.getByRole('button', { name: `Approve: Promo code ${code} for campaign ${slug}` }).click();
    await expect(approver.getByRole('status').filter({ hasText: `Promo code ${code}` })).toBeVisible();
    await axe.page(approver);
    // Live now: offering it to a chosen player opens the four-eyes request dialog.
    await approver
      .getByRole('table', { name: 'Bonus campaigns' })
      .getByRole('link', { name: `Spring gift ${slug}` })
      .click();
    await expect(approver.getByRole('heading', { level: 1, name: `Spring gift ${slug}` })).toBeVisible();
    await expect(approver.getByText('Active', { exact: true })).toBeVisible();
    await approver.getByRole('button', { name: 'Offer to a player' }).click();
    const grant = approver.getByRole('dialog', { name: `Offer Spring gift ${slug} to a player` });
    await expect(grant.getByLabel("Player's e-mail or username")).toBeVisible();
    await axe.page(approver);
    await grant.getByRole('button', { name: 'Close' }).click();
    await expect(grant).toHaveCount(0);
  } finally {
    await colleague.close();
  }

  // A player who typed the code when registering has the offer on their bonus page.
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  const joined = await registerWithCode(baseURL!, testInfo, code.toLowerCase());
  await logIn(page, joined, { next: '/bonuses' });
  await expect(page.getByRole('heading', { level: 1, name: 'Bonuses' })).toBeVisible();
  await expect(offerCard(page, `Spring gift ${slug}`)).toBeVisible();

  // A second player types it on the bonus page; a second try is refused in words.
  const second = await registerWithCode(baseURL!, testInfo);
  const other = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  await other.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  const player = await other.newPage();
  try {
    await logIn(player, second, { next: '/bonuses' });
    await expect(offerCard(player, `Spring gift ${slug}`)).toHaveCount(0);
    await player.getByRole('textbox', { name: 'Promo code' }).fill(code);
    await player.getByRole('button', { name: 'Redeem code' }).click();
    await expect(player.getByText('Your bonus offer is waiting for you below.')).toBeVisible();
    await expect(offerCard(player, `Spring gift ${slug}`)).toBeVisible();
    await player.getByRole('textbox', { name: 'Promo code' }).fill(code);
    await player.getByRole('button', { name: 'Redeem code' }).click();
    await expect(player.getByText('You have already received this bonus with a promo code.')).toBeVisible();
    await axe.page(player);
  } finally {
    await other.close();
  }

  // The staff api agrees: the code counted two players.
  const api = await staffRequest(baseURL!, MARKETING, { 'x-forwarded-for': visitorAddress(testInfo) });
  try {
    const list = await api.get(`/spa/staff/campaigns?q=${slug}`);
    const [row] = ((await list.json()) as { items: { id: number }[] }).items;
    const detail = await api.get(`/spa/staff/campaigns/${row!.id}`);
    const { campaign } = (await detail.json()) as { campaign: { promoCodes: { redemptions: number }[] } };
    expect(campaign.promoCodes[0]?.redemptions).toBe(2);
  } finally {
    await api.dispose();
  }
});

test('the affiliate report lists registrations per affiliate code', async ({ browser, axe, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const affiliate = uniqueName('AFF')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  await registerWithCode(baseURL!, testInfo, affiliate);
  const office = await staffContext(browser, MARKETING, '/staff/affiliates');
  await office.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  const staff = await office.newPage();
  try {
    await staff.goto('/en/staff/affiliates');
    await expect(staff.getByRole('heading', { level: 1, name: 'Affiliates' })).toBeVisible();
    await staff.getByLabel('Affiliate code', { exact: true }).fill(affiliate);
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    const table = staff.getByRole('table', { name: 'Registrations, deposits and NGR per affiliate code' });
    await expect(table.getByRole('row').filter({ hasText: affiliate })).toContainText('1');
    await expect(staff.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await axe.page(staff);
  } finally {
    await office.close();
  }
});
