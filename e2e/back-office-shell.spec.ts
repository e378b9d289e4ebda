/// <reference lib="dom" />
import type { Browser } from '@playwright/test';
import { readLocaleMessages } from '@playhouse/db/messages';
import type { Locale } from '@playhouse/shared/locales';
import type { StaffRole } from '@playhouse/shared/staff/permissions';
import { navItemsFor } from '../apps/web/src/components/back-office/nav-items';
import { dismissInfoPopup, logIn, registerPlayer, uniqueName } from './account-support';
import { expect, test } from './fixtures';
import {
  enterStaffPassword,
  setupHeading,
  staffContext,
  staffSignIn,
  withStaffLock,
  type StaffAccount,
} from './staff-support';

/** The demo staff team the e2e api creates (DEMO_STAFF_PASSWORD in playwright.config.ts): one account per role. */
const PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123';
const demo = (name: string): StaffAccount => ({
  email: `${name}@playhouse.example`,
  username: name,
  password: PASSWORD,
});
const TEAM: [StaffAccount, StaffRole[]][] = [
  [demo('support'), ['support', 'content']],
  [demo('finance'), ['finance']],
  [demo('risk'), ['risk']],
  [demo('trader'), ['trader']],
  [demo('marketing'), ['marketing']],
  [demo('content'), ['content']],
  [demo('admin'), ['admin']],
];
const ADMIN = demo('admin');

const navLabels = (locale: Locale) => {
  const nav = readLocaleMessages(locale).backOffice;
  if (typeof nav !== 'object' || typeof nav.nav !== 'object') throw new Error(`no back-office texts in ${locale}`);
  return Object.fromEntries(
    Object.entries(nav.nav).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
};

// A first sign-in of each demo account sets up its authenticator; a later one may wait for a fresh 30 s code step.
test.describe.configure({ timeout: 180_000 });

async function officePage(
  browser: Browser,
  staff: StaffAccount,
  next: string,
  viewport?: { width: number; height: number },
) {
  const context = await staffContext(browser, staff, next);
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  return { context, page };
}

test.describe('the back office', () => {
  test('each role sees only the screens the permission table allows it in the navigation', async ({ browser }) => {
    const labels = navLabels('en');
    for (const [staff, roles] of TEAM) {
      const { context, page } = await officePage(browser, staff, '/staff');
      await page.goto('/en/staff');
      await dismissInfoPopup(page);
      const nav = page.getByRole('navigation', { name: 'Back office' });
      const expected = navItemsFor(roles).map((item) => labels[item.labelKey]!);
      await expect(nav.getByRole('link'), staff.username).toHaveText(expected);
      await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
      // The home page offers the same screens (beside itself).
      await expect(page.getByRole('main').getByRole('list').last().getByRole('link')).toHaveCount(expected.length - 1);
      await context.close();
    }
    // The table says it; the nav shows it: spot checks in plain words.
    expect(navItemsFor(['admin']).map((item) => item.href)).toContain('/staff/accounts');
    expect(navItemsFor(['support', 'content']).map((item) => item.href)).not.toContain('/staff/audit');
    expect(navItemsFor(['trader']).map((item) => item.href)).not.toContain('/staff/dashboard');
  });

  test('a screen the roles do not allow is not found, a visitor is sent to sign in and back, a player gets 404', async ({
    browser,
    page,
    baseURL,
  }, testInfo) => {
    const support = await officePage(browser, demo('support'), '/staff');
    expect((await support.page.goto('/en/staff/audit'))?.status()).toBe(404);
    await support.context.close();

    await page.goto('/en/staff/audit?event=staff_*');
    await expect(page).toHaveURL(/\/en\/staff\/login\?next=%2Fstaff%2Faudit%3Fevent%3Dstaff_\*$/);
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    expect((await page.goto('/en/staff/dashboard'))?.status()).toBe(404);
  });

  for (const viewport of [
    { name: 'desktop', size: { width: 1280, height: 800 } },
    { name: 'tablet', size: { width: 768, height: 1024 } },
  ]) {
    test(`the home, dashboard, audit and staff pages pass axe in two locales on a ${viewport.name}`, async ({
      browser,
      axe,
    }) => {
      const { context, page } = await officePage(browser, ADMIN, '/staff', viewport.size);
      for (const [locale, titles] of [
        ['en', ['Back office', 'Dashboard', 'Audit log', 'Staff accounts']],
        ['de', ['Verwaltungsbereich', 'Kennzahlen', 'Prüfprotokoll', 'Mitarbeiterkonten']],
      ] as const) {
        for (const [index, screen] of ['', '/dashboard', '/audit', '/accounts'].entries()) {
          await page.goto(`/${locale}/staff${screen}`);
          await dismissInfoPopup(page);
          await expect(page.getByRole('heading', { level: 1, name: titles[index] })).toBeVisible();
          if (screen === '/dashboard') await expect(page.getByText(/UTC/)).toBeVisible();
          if (screen === '/audit') await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
          if (screen === '/accounts')
            await expect(
              page
                .getByRole('cell', { name: /admin@playhouse\.example/ })
                .or(page.getByRole('rowheader', { name: /admin@playhouse\.example/ })),
            ).toBeVisible();
          // Nothing wider than the screen: tables scroll inside their own region.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${locale}${screen} fits ${viewport.name}`).toBeLessThanOrEqual(0);
          await axe.page(page);
        }
      }
      await context.close();
    });
  }

  test('the audit log filters by staff member and exports the same view as CSV', async ({ browser }) => {
    const { context, page } = await officePage(browser, ADMIN, '/staff/audit');
    await page.goto('/en/staff/audit');
    await dismissInfoPopup(page);
    await page.getByLabel('Staff member (username or e-mail)').fill('admin');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/actor=admin/);
    const rows = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
    await expect(rows.first()).toContainText('admin');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('audit-log.csv');
    await context.close();
  });

  test('an admin creates a staff account, which must set up its second factor before anything else', async ({
    browser,
    page,
  }) => {
    const name = uniqueName('agent').slice(0, 24);
    const agent: StaffAccount = { email: `${name}@staff.example`, username: name, password: 'agent passphrase 0123' };
    const admin = await officePage(browser, ADMIN, '/staff/accounts');
    await admin.page.goto('/en/staff/accounts');
    await dismissInfoPopup(admin.page);
    const form = admin.page.getByRole('region', { name: 'New staff account' });
    await form.getByLabel('E-mail').fill(agent.email);
    await form.getByLabel('Username (optional)').fill(agent.username);
    await form.getByLabel('First password').fill(agent.password);
    await form.getByRole('checkbox', { name: 'Support' }).check();
    await form.getByRole('button', { name: 'Create the account' }).click();
    await expect(admin.page.getByRole('status').filter({ hasText: `${agent.email} can now sign in` })).toBeVisible();
    const row = admin.page.getByRole('row').filter({ hasText: agent.email });
    await expect(row).toContainText('Not set up yet');
    await admin.context.close();

    await withStaffLock(agent, async () => {
      // The password alone lands on the set-up screen; the back office still refuses (no session yet).
      await enterStaffPassword(page, agent, '/staff');
      await expect(setupHeading(page)).toBeVisible();
      await page.goto('/en/staff');
      await expect(page).toHaveURL(/\/en\/staff\/login\?next=%2Fstaff$/);
      await staffSignIn(page, agent, '/staff');
    });
    // Signed in, the new support agent sees the support role's screens (and only those).
    const labels = navLabels('en');
    await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText(
      navItemsFor(['support']).map((item) => labels[item.labelKey]!),
    );
  });
});
