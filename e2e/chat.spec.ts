/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, hence the DOM types.
import type { Browser, Page } from '@playwright/test';
import { chatSendResponseSchema } from '@playhouse/shared/contracts/chat';
import { dismissInfoPopup, logIn, registerPlayer } from './account-support';
import { expect, test } from './fixtures';
import {
  codeHeading,
  enterStaffPassword,
  setupHeading,
  staffContext,
  staffSignIn,
  withStaffLock,
} from './staff-support';

/** The demo support account the e2e api creates (DEMO_STAFF_PASSWORD in playwright.config.ts). */
const STAFF = {
  email: 'support@playhouse.example',
  username: 'support',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};

// Staff presence is global: while one test holds the staff page open, visitors everywhere see support online. The
// tests of this file take turns so each knows who is online.
// A staff sign-in may wait up to 30 s for a fresh TOTP time step (a code is good once): room for that.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const chatIcon = (page: Page) => page.getByRole('button', { name: 'Chat with support' });
const chatDialog = (page: Page) => page.getByRole('dialog', { name: 'Support chat' });

/** The support desk in a browser signed in as the demo support account (with its second factor). */
async function openStaffDesk(browser: Browser) {
  const context = await staffContext(browser, STAFF, '/staff/chat');
  const staffPage = await context.newPage();
  await staffPage.goto('/en/staff/chat');
  await dismissInfoPopup(staffPage);
  await expect(staffPage).toHaveURL(/\/en\/staff\/chat$/);
  return { staffContext: context, staffPage };
}

/** Sends a message from the open chat widget; returns the conversation id the api answered with. */
async function sendFromWidget(page: Page, text: string): Promise<number> {
  const dialog = chatDialog(page);
  await dialog.getByLabel('Your message').fill(text);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/spa/chat/messages') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Send' }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  await expect(dialog.getByRole('log', { name: 'Messages' })).toContainText(text);
  return chatSendResponseSchema.parse(await response.json()).conversation.id;
}

test.describe('live chat', () => {
  test('support signs in with the password and a second factor, set up with a QR code the first time', async ({
    page,
    axe,
  }) => {
    // The player login refuses staff accounts and says where they sign in.
    await page.goto('/en/auth/login');
    await dismissInfoPopup(page);
    await page.getByLabel('E-mail or username').fill(STAFF.username);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Staff accounts sign in on the staff sign-in page' }),
    ).toBeVisible();

    // Other workers sign the same account in (protection.spec.ts): one sign-in at a time.
    await withStaffLock(STAFF, async () => {
      await enterStaffPassword(page, STAFF, '/staff/chat');
      if (await setupHeading(page).isVisible()) {
        // The first sign-in of this run's fresh account: the set-up screen, usable by keyboard and screen reader.
        await expect(setupHeading(page)).toBeFocused();
        await expect(
          page.getByRole('img', { name: `QR code to add ${STAFF.email} to an authenticator app` }),
        ).toBeVisible();
        await expect(page.getByLabel('Or type this key into the app')).toHaveText(/^[A-Z2-7]{32}$/);
        await axe();
        await page.getByLabel('Six-digit code').fill('000000');
        await page.getByLabel('Six-digit code').press('Enter');
        await expect(
          page.getByRole('alert').filter({ hasText: 'That code is wrong or has already been used' }),
        ).toBeVisible();
        await expect(page.getByLabel('Six-digit code')).toBeFocused();
      } else {
        await expect(codeHeading(page)).toBeFocused();
      }
      await staffSignIn(page, STAFF, '/staff/chat');
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Support chat' })).toBeVisible();
  });

  test('a visitor and a staff member exchange messages in two browsers; the history survives a reload', async ({
    page,
    browser,
    axe,
  }) => {
    const { staffContext, staffPage } = await openStaffDesk(browser);
    try {
      await expect(staffPage.getByRole('heading', { level: 1, name: 'Support chat' })).toBeVisible();
      await axe.page(staffPage);

      // The visitor opens the chat from the icon: the widget loads now, and says support is online.
      await page.goto('/en');
      await dismissInfoPopup(page);
      await chatIcon(page).click();
      const dialog = chatDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Your message')).toBeFocused();
      await expect(dialog.getByText('Support is online.')).toBeVisible();
      const conversationId = await sendFromWidget(page, 'Hello, where is my withdrawal?');
      await axe();

      // Staff see it in the queue, unread, and open it.
      const queue = staffPage.getByRole('navigation', { name: 'Conversations' });
      const entry = queue.getByRole('button', { name: new RegExp(`^Visitor #${conversationId}\\b`) });
      await expect(entry).toContainText('1 unread message');
      await entry.click();
      const history = staffPage.getByRole('log', { name: 'Messages' });
      await expect(history).toContainText('Hello, where is my withdrawal?');
      await expect(entry).not.toContainText('unread');

      // Each side's next message arrives on the other without a reload.
      await staffPage.getByLabel('Your answer').fill('It is on its way: about an hour.');
      await staffPage.getByRole('button', { name: 'Send' }).click();
      const visitorLog = dialog.getByRole('log', { name: 'Messages' });
      await expect(visitorLog).toContainText('It is on its way: about an hour.');
      await expect(visitorLog).toContainText('support, support');
      await sendFromWidget(page, 'Thank you!');
      await expect(history).toContainText('Thank you!');
      await axe.page(staffPage);

      // A reload keeps the conversation: the chat cookie brings it back.
      await page.reload();
      await dismissInfoPopup(page);
      await chatIcon(page).click();
      await expect(visitorLog).toContainText('Hello, where is my withdrawal?');
      await expect(visitorLog).toContainText('It is on its way: about an hour.');
      await expect(visitorLog).toContainText('Thank you!');

      // Staff close it; the visitor is told so, live.
      await staffPage.getByRole('button', { name: 'Close the conversation' }).click();
      await expect(staffPage.getByText('This conversation is closed.')).toBeVisible();
      await expect(dialog.getByText('This conversation is closed. Write again to start a new one.')).toBeVisible();

      // Escape closes the widget through its close callback; the focus goes back to the icon.
      await dialog.getByLabel('Your message').focus();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(chatIcon(page)).toBeFocused();
    } finally {
      await staffContext.close();
    }
  });

  test('with no staff online the visitor leaves a message with an e-mail, which staff find later', async ({
    page,
    browser,
    axe,
  }) => {
    await page.goto('/en');
    await dismissInfoPopup(page);
    await chatIcon(page).click();
    const dialog = chatDialog(page);
    await expect(dialog.getByText(/No one from support is online right now/)).toBeVisible();
    await dialog.getByLabel('Your e-mail (optional)').fill('later@example.com');
    const conversationId = await sendFromWidget(page, 'Please call me back tomorrow.');
    await expect(dialog.getByRole('log', { name: 'Messages' })).toContainText('Left while support was offline');
    await axe();

    const { staffContext, staffPage } = await openStaffDesk(browser);
    try {
      const entry = staffPage
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('button', { name: new RegExp(`^Visitor #${conversationId}\\b`) });
      await entry.click();
      await expect(staffPage.getByText('E-mail: later@example.com')).toBeVisible();
      await expect(staffPage.getByRole('log', { name: 'Messages' })).toContainText('Please call me back tomorrow.');
      // The staff page is open now: the visitor's widget learns that support came online.
      await expect(dialog.getByText('Support is online.')).toBeVisible();
    } finally {
      await staffContext.close();
    }
  });

  test('opens by itself from the address and from a chat opener link', async ({ page, axe }) => {
    await page.goto('/en?openChatImmediately');
    await expect(chatDialog(page)).toBeVisible();
    await dismissInfoPopup(page);
    await expect(chatDialog(page)).toBeVisible();
    await axe();
    await chatDialog(page).getByRole('button', { name: 'Close the chat' }).click();
    await expect(chatDialog(page)).toHaveCount(0);

    await page.goto('/en/category/slots#widget-open-chat');
    await expect(chatDialog(page)).toBeVisible();
    await dismissInfoPopup(page);
    await chatDialog(page).getByRole('button', { name: 'Close the chat' }).click();
    await expect(chatDialog(page)).toHaveCount(0);

    // The footer's Contact support link is a chat opener: it opens the chat in place.
    const before = page.url();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact support' }).click();
    await expect(chatDialog(page)).toBeVisible();
    expect(page.url()).toBe(before);
  });

  test('the icon is hidden on /landing and /game/ pages, where the address does not open the chat', async ({
    page,
  }) => {
    await page.goto('/en/landing?openChatImmediately');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(chatIcon(page)).toHaveCount(0);
    await expect(chatDialog(page)).toHaveCount(0);

    await page.goto('/en/game/plinko?mode=demo&openChatImmediately');
    await dismissInfoPopup(page);
    await expect(page.locator('iframe')).toBeVisible();
    await expect(chatIcon(page)).toHaveCount(0);
    await expect(chatDialog(page)).toHaveCount(0);

    // Elsewhere it is there.
    await page.goto('/en/category/slots');
    await dismissInfoPopup(page);
    await expect(chatIcon(page)).toBeVisible();
    const box = await chatIcon(page).locator('svg').boundingBox();
    expect(box).toMatchObject({ width: 30, height: 30 });
  });

  test('visitors get the staff sign-in at /staff/chat, players the 404 page', async ({ page, baseURL }, testInfo) => {
    await page.goto('/en/staff/chat');
    await expect(page).toHaveURL(/\/en\/staff\/login\?next=%2Fstaff%2Fchat$/);

    const player = await registerPlayer(baseURL!, testInfo);
    await logIn(page, player);
    const response = await page.goto('/en/staff/chat');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Support chat' })).toHaveCount(0);
  });

  test.describe('on a 360 px wide screen', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the chat fits, and works from the keyboard alone', async ({ page, axe }) => {
      await page.goto('/en');
      await dismissInfoPopup(page);
      await chatIcon(page).focus();
      await page.keyboard.press('Enter');
      const dialog = chatDialog(page);
      const input = dialog.getByLabel('Your message');
      await expect(input).toBeFocused();
      await page.keyboard.type('Typed from the keyboard');
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('log', { name: 'Messages' })).toContainText('Typed from the keyboard');
      await expect(input).toHaveValue('');

      const panel = await dialog.boundingBox();
      expect(panel).not.toBeNull();
      expect(panel!.x).toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await axe();

      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(chatIcon(page)).toBeFocused();
    });
  });
});
