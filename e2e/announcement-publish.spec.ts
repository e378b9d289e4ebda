import { visitorAddress } from './account-support';
import { currentAnnouncementId, expect, test, waitForFinishedPage } from './fixtures';
import { staffRequest } from './staff-support';

/*
 * A new announcement shows again to a visitor who closed the last one. It changes what every page shows, so this file
 * runs after all the others (playwright.config.ts, project "announcement publishing").
 */

test.use({ announcementSeen: false });

/** The demo staff account (support and content roles), signed in with its second factor. */
const STAFF = {
  email: 'support@playhouse.example',
  username: 'support',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};

test('a new announcement shows again to a visitor who closed the last one', async ({ page, baseURL }, testInfo) => {
  await page.goto('/en');
  const current = page.getByRole('dialog', { name: 'Announcement' });
  await expect(current).toBeVisible();
  await current.getByRole('button', { name: 'Close the announcement' }).click();
  await expect(current).toHaveCount(0);
  const closedId = await currentAnnouncementId(baseURL!);

  // Staff publish a new one (as the back office and `npm run ops -- announce` do).
  const staff = await staffRequest(baseURL!, STAFF, { 'x-forwarded-for': visitorAddress(testInfo) });
  try {
    const published = await staff.post('/spa/staff/info-popups', {
      data: {
        text: { en: 'The summer league starts on Friday.', de: 'Die Sommerliga beginnt am Freitag.' },
        buttonText: { en: 'See the league', de: 'Zur Liga' },
        closeButtonText: { en: 'Not now', de: 'Später' },
        hrefOnMainButton: '/promotions',
        hrefOnCloseButton: '/',
      },
    });
    expect(published.status(), await published.text()).toBe(201);
    expect(((await published.json()) as { id: number }).id).not.toBe(closedId);
  } finally {
    await staff.dispose();
  }

  // Pages pick it up within their refresh time; the visitor who closed the last one sees this one.
  const fresh = page.getByRole('dialog', { name: 'Announcement' });
  await expect
    .poll(
      async () => {
        await page.reload();
        await waitForFinishedPage(page);
        return (await fresh.isVisible()) ? await fresh.textContent() : null;
      },
      { timeout: 45_000, intervals: [3_000] },
    )
    .toContain('The summer league starts on Friday.');
});
