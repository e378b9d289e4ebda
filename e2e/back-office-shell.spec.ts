/// <reference lib="dom" />
import type { Browser } from '@playwright/test';
import { readLocaleMessages } from '@playhouse/db/messages';
import type { Locale } from '@playhouse/shared/locales';
import type { StaffRole } from '@playhouse/shared/staff/permissions';
import { navItemsFor } from '../apps/web/src/components/back-office/nav-items';
import { generate } from 'otplib';
import { dismissInfoPopup, logIn, registerPlayer, uniqueName } from './account-support';
import { expect, test } from './fixtures';
import { waitForMail } from './mail';
import { staffContext, type StaffAccount } from './staff-support';

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
/** The second admin: invitations to and grants of roles that touch money or players wait for them. */
const ADMIN2 = demo('admin2');

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

  test('an admin invites a staff member; a second admin approves; the invitee sets their own factors', async ({
    browser,
    page,
    axe,
  }) => {
    const name = uniqueName('agent').slice(0, 24);
    const agent: StaffAccount = { email: `${name}@staff.example`, username: name, password: 'agent passphrase 0123' };
    const admin = await officePage(browser, ADMIN, '/staff/accounts');
    await admin.page.goto('/en/staff/accounts');
    await dismissInfoPopup(admin.page);
    const form = admin.page.getByRole('region', { name: 'Invite a staff member' });
    // Nobody chooses another member's password: the form has no such field.
    await expect(form.getByLabel(/password/i)).toHaveCount(0);
    await form.getByLabel('E-mail').fill(agent.email);
    await form.getByLabel('Username (optional)').fill(agent.username);
    await form.getByRole('checkbox', { name: 'Support' }).check();
    await form.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(
      admin.page.getByRole('status').filter({ hasText: `The invitation of ${agent.email} waits for a second admin` }),
    ).toBeVisible();
    // The admin's own request: another admin decides.
    const waiting = admin.page.getByRole('region', { name: 'Invitations and roles waiting for a second admin' });
    await expect(waiting.getByRole('listitem').filter({ hasText: agent.email })).toContainText(
      'Your request: another member decides.',
    );
    await axe.page(admin.page);
    await admin.context.close();

    const second = await officePage(browser, ADMIN2, '/staff/accounts');
    await second.page.goto('/en/staff/accounts');
    await dismissInfoPopup(second.page);
    await second.page.getByRole('button', { name: `Approve: Invite ${agent.email} as Support` }).click();
    await expect(second.page.getByRole('status').filter({ hasText: 'Approved and carried out' })).toBeVisible();
    await expect(
      second.page.getByRole('table', { name: 'Invitations not yet accepted' }).getByRole('row').filter({
        hasText: agent.email,
      }),
    ).toContainText('Sent');
    await second.context.close();

    // The link reaches the invitee's mailbox only; the invitee chooses the password and scans the key.
    const mail = await waitForMail(agent.email, /\/staff\/invitation\?token=/);
    const link = /https?:\/\/\S+\/staff\/invitation\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await dismissInfoPopup(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff invitation' })).toBeVisible();
    await expect(page.getByText('Roles: Support')).toBeVisible();
    await axe.page(page);
    const secret = (await page.getByLabel('Or type this key into the app').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('Your password').fill(agent.password);
    await page.getByLabel('Six-digit code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole('button', { name: 'Create my staff account' }).click();
    await expect(page).toHaveURL(/\/en\/staff$/);
    // Signed in, the new support agent sees the support role's screens (and only those).
    const labels = navLabels('en');
    await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText(
      navItemsFor(['support']).map((item) => labels[item.labelKey]!),
    );
    // The link was good once.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText(/^This invitation is not valid any more/)).toBeVisible();
  });
});
