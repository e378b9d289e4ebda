import type { APIRequestContext, Page } from '@playwright/test';
import { dismissInfoPopup, visitorAddress } from './account-support';
import { expect, test, waitForFinishedPage } from './fixtures';
import { staffContext, staffRequest, type StaffAccount } from './staff-support';

/*
 * Issue 11, "a content editor changes a home slide and a translation that the public site shows". It changes what
 * the German home page shows (and puts it back), so it runs after the other files (playwright.config.ts, project
 * "site-wide content changes"), on a tablet.
 */

/** The demo content editor (the `content` role), signed in with its second factor. */
const CONTENT: StaffAccount = {
  email: 'content@playhouse.example',
  username: 'content',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-support-passphrase-0123',
};

test.use({ viewport: { width: 768, height: 1024 } });

type Slide = { id: number; slug: string; kind: string; body: Record<string, string> } & Record<string, unknown>;

async function slideNamed(api: APIRequestContext, slug: string): Promise<Slide> {
  const list = await api.get(`/spa/staff/content/slides?kind=home&q=${slug}`);
  expect(list.status(), await list.text()).toBe(200);
  const slide = ((await list.json()) as { items: Slide[] }).items.find((item) => item.slug === slug);
  if (!slide) throw new Error(`no home slide ${slug}`);
  return slide;
}

async function germanHeading(api: APIRequestContext): Promise<string> {
  const answer = await api.get('/spa/staff/content/translations?q=home.heading&locale=de');
  const items = ((await answer.json()) as { items: { key: string; texts: Record<string, string> }[] }).items;
  const text = items.find((item) => item.key === 'home.heading')?.texts.de;
  if (!text) throw new Error('no German home.heading');
  return text;
}

/** The public German home page as a visitor sees it, asked again until it shows `check` (the web reads the edit's version within a second). */
async function visitorSees(visitor: Page, check: (page: Page) => Promise<void>) {
  const tries: string[] = [];
  try {
    await expect(async () => {
      const started = Date.now();
      const response = await visitor.goto('/de');
      const headings = await visitor.getByRole('heading', { level: 1, includeHidden: true }).allTextContents();
      tries.push(`HTTP ${response?.status()} in ${Date.now() - started} ms, h1 ${JSON.stringify(headings)}`);
      await check(visitor);
    }).toPass({ timeout: 15_000 });
  } catch (error) {
    // What each try was answered, so a failure says whether the page was slow, failing or showing the old text.
    throw new Error(`the visitor's /de did not show the edit; tries: ${tries.join('; ')}`, { cause: error });
  }
}

test('a content editor changes a home slide and a text, and the public site shows both', async ({
  browser,
  page,
  baseURL,
  axe,
}, testInfo) => {
  // Two edits, each waited for on the public site, and five axe scans: more than 30 s on a busy 2-core machine.
  test.slow();
  const api = await staffRequest(baseURL!, CONTENT, { 'x-forwarded-for': visitorAddress(testInfo) });
  const slide = await slideNamed(api, 'shared-tables');
  const heading = await germanHeading(api);
  const { id: _id, ...slideBody } = slide;
  const office = await staffContext(browser, CONTENT, '/staff/content/slides');
  const editor = await office.newPage();
  try {
    // The slides table: the editor finds the slide and opens it.
    await editor.goto('/en/staff/content/slides');
    await expect(editor.getByRole('heading', { level: 1, name: 'Home slides' })).toBeVisible();
    await axe.page(editor);
    await editor.getByRole('link', { name: 'Edit shared-tables' }).click();
    await expect(editor.getByRole('heading', { level: 1, name: `Home slide #${slide.id}` })).toBeVisible();
    const text = editor.getByRole('group', { name: /^Text \(HTML\)/ });
    await expect(text.getByLabel('German')).toHaveValue(slide.body.de!);
    await axe.page(editor);

    await text.getByLabel('German').fill('<h2>Gemeinsame Tische rund um die Uhr</h2><p>Neu aus dem Back Office.</p>');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByRole('status').filter({ hasText: 'Saved. The site shows it now.' })).toBeVisible();

    const visitor = await page.context().newPage();
    await visitorSees(visitor, async (shown) => {
      // The slide is the carousel's second: until it turns, it is in the page but hidden from assistive technology
      // (aria-hidden, inert), which role queries skip unless told.
      await expect(
        shown.getByRole('heading', { name: 'Gemeinsame Tische rund um die Uhr', includeHidden: true }),
      ).toBeAttached({ timeout: 1_000 });
    });

    // The texts: a broken ICU message is refused at its field, the preview shows the text, then it is saved.
    await editor.goto('/en/staff/content/texts?q=home.heading&locale=de');
    const entry = editor.getByRole('article', { name: 'home.heading' });
    const german = entry.getByLabel('German text of home.heading');
    await expect(german).toHaveValue(heading);
    await axe.page(editor);
    await german.fill('Herzlich willkommen bei {siteName');
    await entry.getByRole('button', { name: 'Save German' }).click();
    await expect(entry.getByRole('alert')).toHaveText(
      'This is no valid ICU message: EXPECT_ARGUMENT_CLOSING_BRACE at character 25.',
    );
    await expect(german).toHaveAttribute('aria-invalid', 'true');
    await axe.page(editor);

    await german.fill('Herzlich willkommen bei {siteName}');
    await entry.getByRole('button', { name: 'Preview German' }).click();
    await expect(entry.getByText('Herzlich willkommen bei siteName', { exact: true })).toBeVisible();
    await entry.getByRole('button', { name: 'Save German' }).click();
    await expect(entry.getByRole('status')).toHaveText('Saved. The site shows it now.');

    await visitorSees(visitor, async (shown) => {
      await expect(shown.getByRole('heading', { level: 1, name: 'Herzlich willkommen bei Playhouse' })).toBeAttached({
        timeout: 1_000,
      });
    });
    await dismissInfoPopup(visitor);
    await waitForFinishedPage(visitor);
  } finally {
    // Put the German home page back as the other runs of this suite expect it.
    const restored = await api.put(`/spa/staff/content/slides/${slide.id}`, { data: slideBody });
    expect(restored.status(), await restored.text()).toBe(200);
    const text = await api.put('/spa/staff/content/translations/de/home.heading', { data: { value: heading } });
    expect(text.status(), await text.text()).toBe(200);
    await office.close();
    await api.dispose();
  }
});

test('every content screen passes axe on a tablet', async ({ browser, axe }) => {
  // Eleven screens, each scanned whole by axe: about 30 s on a busy 2-core machine, the default test timeout.
  test.slow();
  const office = await staffContext(browser, CONTENT, '/staff/content/banners');
  const page = await office.newPage();
  try {
    for (const [path, title] of [
      ['/en/staff/content/banners', 'Banners'],
      ['/en/staff/content/bonus-infos', 'Bonus info'],
      ['/en/staff/content/articles', 'Articles'],
      ['/en/staff/content/page-metadata', 'Page metadata'],
      ['/en/staff/content/announcement', 'Announcement'],
      ['/en/staff/content/languages', 'Languages'],
      ['/en/staff/content/slides/new', 'New home slide'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await axe.page(page);
    }
    // One item of each table kind opens in its editor.
    for (const [path, title] of [
      ['/en/staff/content/bonus-infos', /^Bonus info #\d+$/],
      ['/en/staff/content/articles', /^Article #\d+$/],
      ['/en/staff/content/page-metadata', /^Page metadata #\d+$/],
      ['/en/staff/content/banners', /^Banner #\d+$/],
    ] as const) {
      await page.goto(path);
      await page
        .getByRole('link', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
      await axe.page(page);
    }
    // The languages the site supports, English the default.
    await page.goto('/en/staff/content/languages');
    const languages = page.getByRole('table', { name: 'Languages the site supports' });
    await expect(languages.getByRole('row', { name: /English en Default/ })).toBeVisible();
    await expect(languages.getByRole('button', { name: 'Make Deutsch the default' })).toBeVisible();
  } finally {
    await office.close();
  }
});

test('marketing edits the promotion places but only reads articles', async ({ browser, axe }) => {
  const marketing: StaffAccount = { ...CONTENT, email: 'marketing@playhouse.example', username: 'marketing' };
  const office = await staffContext(browser, marketing, '/staff/content/articles');
  const page = await office.newPage();
  try {
    await page.goto('/en/staff/content/articles');
    await expect(page.getByRole('link', { name: 'New article' })).toHaveCount(0);
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Article #\d+$/ })).toBeVisible();
    await expect(page.getByText('You may read this content; your roles do not allow changing it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await axe.page(page);
    await page.goto('/en/staff/content/slides');
    await expect(page.getByRole('link', { name: 'New home slide' })).toBeVisible();
    // Texts are the content role's to change: marketing reads them.
    await page.goto('/en/staff/content/texts?q=home.heading');
    await expect(page.getByRole('article', { name: 'home.heading' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save English' })).toHaveCount(0);
    await axe.page(page);
  } finally {
    await office.close();
  }
});
