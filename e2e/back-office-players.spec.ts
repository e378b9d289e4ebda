import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dismissInfoPopup, logIn, registerPlayer, type Player } from './account-support';
import { staffContext } from './staff-support';

/** The demo support account the e2e api creates (DEMO_STAFF_PASSWORD in playwright.config.ts). */
const SUPPORT = {
  email: 'support@playhouse.example',
  username: 'support',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};

// A staff sign-in may wait up to 30 s for a fresh TOTP time step (a code is good once): room for that. The support
// account is shared with other specs: its sign-ins take turns (withStaffLock in staffContext).
test.describe.configure({ timeout: 120_000 });

// The back office is usable on a tablet.
test.use({ viewport: { width: 768, height: 1024 } });

/** The players screen in a browser signed in as the support role, with its second factor. */
async function openPlayers(browser: Browser): Promise<Page> {
  const context = await staffContext(browser, SUPPORT, '/staff/players');
  const page = await context.newPage();
  await page.goto('/en/staff/players');
  await dismissInfoPopup(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  return page;
}

/** Finds the player by e-mail in the search and opens their page. */
async function findPlayer(page: Page, player: Player) {
  await page.getByLabel('E-mail, username, phone or id').fill(player.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const table = page.getByRole('table', { name: 'Players' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: player.email }).click();
  await expect(page.getByRole('heading', { level: 1, name: player.username })).toBeVisible();
  await dismissInfoPopup(page);
}

/**
 * After a reload, the header settles on the player's account menu (signed in) or on "Log in" (signed out: the page may
 * first render the menu, then the next request to the api finds the session ended and the header follows).
 */
async function expectSignedIn(page: Page, player: Player, signedIn: boolean) {
  await page.reload();
  await dismissInfoPopup(page);
  const account = page.getByRole('button', { name: `Account: ${player.username}` });
  const logIn = page.getByRole('link', { name: 'Log in' }).first();
  await expect(signedIn ? account : logIn).toBeVisible({ timeout: 15_000 });
  await expect(signedIn ? logIn : account).toBeHidden();
}

test.describe('back office: players (support role)', () => {
  test('finds a player by e-mail and ends their sessions: the player is signed out at their next request', async ({
    browser,
    page: playerPage,
    axe,
    baseURL,
  }, testInfo) => {
    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(playerPage, player);
    await expectSignedIn(playerPage, player, true);

    const staff = await openPlayers(browser);
    await axe.page(staff);
    await findPlayer(staff, player);
    await expect(staff.getByText(player.email).first()).toBeVisible();
    await axe.page(staff);

    await staff.getByRole('link', { name: 'Sessions' }).click();
    // Two sessions: the confirmation link signed the registering client in, then the player's browser signed in.
    const sessions = staff.getByRole('table', { name: `Signed-in sessions of ${player.username}` });
    await expect(sessions.getByRole('row')).toHaveCount(3);
    await axe.page(staff);
    await staff.getByRole('button', { name: 'End all sessions' }).click();
    const confirm = staff.getByRole('dialog', { name: `End all sessions of ${player.username}?` });
    await expect(confirm).toBeVisible();
    await axe.page(staff);
    await confirm.getByRole('button', { name: 'End all sessions' }).click();
    await expect(staff.getByRole('status').filter({ hasText: '2 sessions ended.' })).toBeVisible();
    await expect(sessions.getByRole('cell', { name: 'No open sessions.' })).toBeVisible();

    await expectSignedIn(playerPage, player, false);
    await staff.context().close();
  });

  test('blocks a player with a reason (no sign-in) and unblocks them (sign-in again)', async ({
    browser,
    page: playerPage,
    axe,
    baseURL,
  }, testInfo) => {
    const player = await registerPlayer(baseURL!, testInfo);
    const staff = await openPlayers(browser);
    await findPlayer(staff, player);

    await staff.getByRole('button', { name: 'Block the player' }).click();
    const dialog = staff.getByRole('dialog', { name: `Block ${player.username}` });
    await dialog.getByRole('button', { name: 'Block the player' }).click();
    await expect(dialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
    await axe.page(staff);
    await dialog.getByLabel('Reason').fill('Chargeback fraud reported by the bank');
    await dialog.getByRole('button', { name: 'Block the player' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'The player is blocked.' })).toBeVisible();
    await expect(staff.getByText('Blocked because: Chargeback fraud reported by the bank')).toBeVisible();
    await axe.page(staff);

    await playerPage.goto('/en/auth/login');
    await dismissInfoPopup(playerPage);
    await playerPage.getByLabel('E-mail or username').fill(player.username);
    await playerPage.getByLabel('Password').fill(player.password);
    await playerPage.getByRole('button', { name: 'Log in' }).click();
    await expect(
      playerPage.getByRole('alert').filter({ hasText: 'This account is blocked. Please contact support.' }),
    ).toBeVisible();

    await staff.getByRole('button', { name: 'Unblock the player' }).click();
    const unblock = staff.getByRole('dialog', { name: `Unblock ${player.username}` });
    await unblock.getByLabel('Reason').fill('The bank withdrew the claim');
    await unblock.getByRole('button', { name: 'Unblock the player' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'The player is unblocked.' })).toBeVisible();

    await logIn(playerPage, player);
    await staff.context().close();
  });

  test("every section of a player's page passes axe; notes and tags are kept", async ({
    browser,
    axe,
    baseURL,
  }, testInfo) => {
    const player = await registerPlayer(baseURL!, testInfo);
    const staff = await openPlayers(browser);
    await findPlayer(staff, player);
    const sections = staff.getByRole('navigation', { name: 'Player sections' });
    for (const name of [
      'Profile',
      'Bets',
      'Game rounds',
      'Bonuses',
      'Payments',
      'Withdrawals',
      'Limits and exclusions',
      'Balances',
      'Ledger',
    ]) {
      await sections.getByRole('link', { name, exact: true }).click();
      await expect(sections.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(staff.getByRole('heading', { level: 2, name }).first()).toBeAttached();
      await axe.page(staff);
    }

    await sections.getByRole('link', { name: 'Notes', exact: true }).click();
    await staff.getByLabel('Note', { exact: true }).fill('Asked about the welcome bonus terms.');
    await staff.getByRole('button', { name: 'Add a note' }).click();
    // The form empties once the note is kept; the note then shows in the list.
    await expect(staff.getByLabel('Note', { exact: true })).toHaveValue('');
    await expect(staff.getByText('Asked about the welcome bonus terms.')).toBeVisible();
    await expect(staff.getByText(/^support, /)).toBeVisible();
    await axe.page(staff);

    await sections.getByRole('link', { name: 'Tags', exact: true }).click();
    await staff.getByLabel('New tag').fill('vip');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(staff.getByText('added by support')).toBeVisible();
    await axe.page(staff);
    await staff.getByRole('button', { name: 'Remove vip' }).click();
    await expect(staff.getByText('No tags.')).toBeVisible();
    await staff.context().close();
  });
});
