import { visitorAddress } from './account-support';
import { expect, test } from './fixtures';
import { staffContext, type StaffAccount } from './staff-support';

/*
 * Session 18, the picture library: a content editor uploads a picture in the back office, sees it listed with its
 * thumbnail and path, and the path serves the picture to anyone (the site's <img> uses it through the /spa rewrite).
 * On a phone.
 */

/** The demo content editor (the `content` role), signed in with its second factor. */
const CONTENT: StaffAccount = {
  email: 'content@playhouse.example',
  username: 'content',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};

test.use({ viewport: { width: 390, height: 844 } });

/** A 1×1 PNG with a unique chunk after it, so each run stores a new picture rather than finding the last one. */
function uniquePng(tag: string): Buffer {
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([pixel, Buffer.from(tag)]);
}

test('a content editor uploads a picture and gets a path the site serves', async ({ browser, axe }, testInfo) => {
  test.setTimeout(120_000);
  const name = `e2e-${Date.now()}-${testInfo.workerIndex}.png`;
  const bytes = uniquePng(name);
  const office = await staffContext(browser, CONTENT, '/staff/content/pictures');
  await office.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  const page = await office.newPage();
  try {
    await page.goto('/en/staff');
    // The navigation leads to the screen, next to the other content screens.
    await page.getByRole('link', { name: 'Pictures' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pictures' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/staff\/content\/pictures$/);

    // A file that is no picture is refused with the api's message, and nothing is listed for it.
    await page.getByLabel('Picture file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This type of file or data is not supported.' }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: 'logo.png' })).toHaveCount(0);

    await page.getByLabel('Picture file').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
    await page.getByRole('button', { name: 'Upload' }).click();
    const status = page.getByRole('status').filter({ hasText: `${name} is uploaded:` });
    await expect(status).toBeVisible();
    const path = /(\/spa\/media\/[0-9a-f-]{36}\.png)$/.exec((await status.textContent()) ?? '')?.[1];
    expect(path).toBeTruthy();

    // Listed with its thumbnail (named by the file) and its path, which loads as a picture in the page.
    const thumbnail = page.getByRole('img', { name });
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveAttribute('src', path!);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const row = page.getByRole('row').filter({ has: thumbnail });
    await expect(row.getByText(path!)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Copy path' })).toBeVisible();
    await axe.page(page);

    // The path answers anyone, signed in or not: the same bytes as a PNG, kept for a year.
    const answer = await page.request.fetch(path!, { headers: { cookie: '' } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
    expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(await answer.body(), bytes)).toBe(0);
  } finally {
    await office.close();
  }
});
