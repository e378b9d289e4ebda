import type { Page } from '@playwright/test';
import { PASSWORD, registerPlayer, visitorAddress } from './account-support';
import { expect, test, waitForFinishedPage } from './fixtures';

/*
 * Issue 13's announcement (the info popup), met as a visitor meets it: once per announcement, remembered across
 * reloads and tabs, never over the cashbox or a game, never taking the focus. Publishing a new announcement changes
 * what every other test would see, so that part runs last, in announcement-publish.spec.ts.
 */

test.use({ announcementSeen: false });

const announcement = (page: Page) => page.getByRole('dialog', { name: 'Announcement' });

test('shows on a first visit, not again once closed: after a reload, in a new tab, on other pages', async ({
  page,
  context,
  axe,
}) => {
  await page.goto('/en');
  await expect(announcement(page)).toBeVisible();
  await waitForFinishedPage(page);
  // It appears by itself: the focus stays where the visitor left it, and the page stays usable beside it.
  await expect(page.locator('body')).toBeFocused();
  await axe();
  await announcement(page).getByRole('button', { name: 'Close the announcement' }).click();
  await expect(announcement(page)).toHaveCount(0);

  await page.reload();
  await waitForFinishedPage(page);
  await expect(announcement(page)).toHaveCount(0);

  const tab = await context.newPage();
  await tab.goto('/en/category/slots');
  await waitForFinishedPage(tab);
  await expect(announcement(tab)).toHaveCount(0);
});

test('a path change closes it for good once it was on screen', async ({ page }) => {
  await page.goto('/en/promotions');
  await expect(announcement(page)).toBeVisible();
  await waitForFinishedPage(page);
  await page.getByRole('link', { name: 'Playhouse, home page' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(announcement(page)).toHaveCount(0);
  await page.goto('/en/category/slots');
  await waitForFinishedPage(page);
  await expect(announcement(page)).toHaveCount(0);
});

test('never shows over the cashbox or a game, and shows once the player is elsewhere', async ({
  page,
  baseURL,
}, testInfo) => {
  const player = await registerPlayer(baseURL!, testInfo);
  // Signed in without passing any page that shows the announcement.
  const login = await page.request.post('/spa/auth/login', {
    headers: { 'x-forwarded-for': visitorAddress(testInfo), origin: baseURL! },
    data: { login: player.username, password: PASSWORD },
  });
  expect(login.status()).toBe(200);

  for (const path of ['/en/cashbox', '/en/withdrawals', '/en/game/lucky-reels']) {
    await page.goto(path);
    await waitForFinishedPage(page);
    await expect(announcement(page), path).toHaveCount(0);
  }
  await page.goto('/en/category/slots');
  await expect(announcement(page)).toBeVisible();
});
