/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, hence the DOM types.
import type { Page } from '@playwright/test';
import { categoriesResponseSchema, localesResponseSchema } from '@playhouse/shared/contracts/content';
import { dismissInfoPopup } from './account-support';
import { expect, test, waitForFinishedPage } from './fixtures';

async function seededLocales(page: Page) {
  const response = await page.request.get('/spa/locales');
  return localesResponseSchema.parse(await response.json()).locales;
}

test.describe('locale redirect', () => {
  test('sends / to the Accept-Language locale', async ({ page }) => {
    const response = await page.request.get('/', { headers: { 'accept-language': 'de-DE,de;q=0.9' }, maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe('/de');
  });

  test('keeps the rest of the path and the query', async ({ page }) => {
    const response = await page.request.get('/category/slots?sort=new', {
      headers: { 'accept-language': 'es' },
      maxRedirects: 0,
    });
    const location = new URL(response.headers()['location'] ?? '', 'http://x');
    expect(`${location.pathname}${location.search}`).toBe('/es/category/slots?sort=new');
  });

  test.describe('in a German browser', () => {
    test.use({ locale: 'de-DE' });

    test('lands on /de with German text', async ({ page, axe }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/de$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { level: 1, name: 'Willkommen bei Playhouse' })).toBeAttached();
      await axe();
    });
  });

  test('prefers the language the visitor chose before (NEXT_LOCALE cookie)', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'pt', url: baseURL! }]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/pt$/);
  });
});

test.describe('two locales end to end', () => {
  test('English pages read in English', async ({ page, axe }) => {
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Playhouse' })).toBeAttached();
    await axe();
    await dismissInfoPopup(page);
    await expect(page.getByRole('contentinfo')).toContainText('Play responsibly');
    await page.getByRole('navigation', { name: 'Game categories' }).getByRole('link', { name: 'Slots' }).click();
    await expect(page).toHaveURL(/\/en\/category\/slots$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
    await axe();
  });

  test('Russian pages read in Russian, navigation and not-found page included', async ({ page, axe }) => {
    await page.goto('/ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Добро пожаловать в Playhouse' })).toBeAttached();
    await dismissInfoPopup(page);
    await expect(page.getByRole('contentinfo')).toContainText('Играйте ответственно');
    await page.getByRole('navigation', { name: 'Категории игр' }).getByRole('link', { name: 'Слоты' }).click();
    await expect(page).toHaveURL(/\/ru\/category\/slots$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Слоты' })).toBeVisible();
    await axe();

    const missing = await page.goto('/ru/category/no-such-category');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    await axe();
  });

  test('an unknown address under a locale answers 404 in that language', async ({ page }) => {
    const response = await page.goto('/de/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute('href', '/de');
  });
});

test.describe('language list', () => {
  test('the page says it is hydrated only once its buttons answer (the language toggle among them)', async ({
    page,
  }) => {
    // Looked at the moment <html data-hydrated> appears (a microtask later, before React renders anything else): a
    // button still waiting to hydrate (inside a Suspense boundary React hydrates in a later pass) has no React
    // props yet, and a click on it then goes nowhere. Tests act as soon as the marker is there.
    await page.addInitScript(() => {
      const seen = window as unknown as { __inertAtHydration?: string[] };
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.hydrated !== 'true') return;
        observer.disconnect();
        seen.__inertAtHydration = Array.from(document.querySelectorAll('button'))
          .filter((button) => !Object.keys(button).some((key) => key.startsWith('__reactProps$')))
          .map((button) => button.getAttribute('aria-label') ?? button.textContent ?? '?');
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
    });
    for (const path of ['/en/category/slots?sort=new', '/en/app-page', '/en']) {
      await page.goto(path);
      await dismissInfoPopup(page);
      const inert = await page.evaluate(
        () => (window as unknown as { __inertAtHydration?: string[] }).__inertAtHydration,
      );
      expect(inert, path).toEqual([]);
    }
  });

  test('switches the language and keeps the path and the query', async ({ page, axe }) => {
    await page.goto('/en/category/slots?sort=new');
    await dismissInfoPopup(page);
    const toggle = page.getByRole('button', { name: /Current language: English/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('list', { name: 'Language' });
    await expect(list.getByRole('link')).toHaveCount((await seededLocales(page)).length);
    await expect(list.getByRole('link', { name: 'Deutsch' }).locator('img')).toHaveAttribute('src', /flags\/de/);
    await axe();

    await list.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/category\/slots\?sort=new$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Spielautomaten' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Aktuelle Sprache: Deutsch/ })).toBeVisible();
  });

  test('closes again on a second click', async ({ page }) => {
    await page.goto('/en/app-page');
    await dismissInfoPopup(page);
    const toggle = page.getByRole('button', { name: /Current language: English/ });
    await toggle.click();
    await expect(page.getByRole('list', { name: 'Language' })).toBeVisible();
    await toggle.click();
    await expect(page.getByRole('list', { name: 'Language' })).toBeHidden();
  });
});

test.describe('page head', () => {
  async function head(page: Page, path: string) {
    await page.goto(path);
    const alternates = await page
      .locator('head link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
    const meta = (selector: string) => page.locator(`head meta[${selector}]`).first().getAttribute('content');
    return {
      alternates: Object.fromEntries(alternates) as Record<string, string>,
      canonical: await page.locator('head link[rel="canonical"]').getAttribute('href'),
      robots: await meta('name="robots"'),
      title: await page.title(),
      description: await meta('name="description"'),
      keywords: await meta('name="keywords"'),
      ogImage: await meta('property="og:image"'),
      ogWidth: await meta('property="og:image:width"'),
      ogHeight: await meta('property="og:image:height"'),
      twitterCard: await meta('name="twitter:card"'),
    };
  }

  test('every locale version of the home page carries the same absolute alternates, x-default and its own canonical', async ({
    page,
    baseURL,
  }) => {
    const locales = await seededLocales(page);
    const en = await head(page, '/en');
    const de = await head(page, '/de');

    expect(Object.keys(en.alternates)).toHaveLength(locales.length + 1);
    for (const href of Object.values(en.alternates)) expect(href).toMatch(new RegExp(`^${baseURL}/`));
    expect(en.alternates['x-default']).toBe(`${baseURL}/en`);
    expect(de.alternates).toEqual(en.alternates);
    expect(en.canonical).toBe(`${baseURL}/en`);
    expect(de.canonical).toBe(`${baseURL}/de`);
  });

  test('the home page has title, description, keywords, robots, and a 900x600 open-graph image', async ({
    page,
    baseURL,
  }) => {
    const tags = await head(page, '/en');
    expect(tags.title).toContain('Playhouse');
    expect(tags.description).toBeTruthy();
    expect(tags.keywords).toBeTruthy();
    expect(tags.robots).toBe('index,follow');
    expect(tags.ogImage).toMatch(new RegExp(`^${baseURL}/.+`));
    expect([tags.ogWidth, tags.ogHeight]).toEqual(['900', '600']);
    expect(tags.twitterCard).toBe('summary_large_image');
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(() => JSON.parse(jsonLd ?? '')).not.toThrow();
    await expect(page.locator('head link[rel="icon"]').first()).toBeAttached();
    await expect(page.locator('head link[rel="apple-touch-icon"]').first()).toBeAttached();
    await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute('content', /^#/);
    await expect(page.locator('head meta[name="msapplication-TileColor"]')).toBeAttached();
    await expect(page.locator('head link[rel="manifest"]')).toBeAttached();
  });

  test('an image from the web manifest is announced as 512x512', async ({ page }) => {
    const tags = await head(page, '/en/app-page');
    expect(tags.ogImage).toContain('manifest');
    expect([tags.ogWidth, tags.ogHeight]).toEqual(['512', '512']);
  });

  test('a page excluded from indexing says noindex,nofollow', async ({ page }) => {
    const tags = await head(page, '/en/landing');
    expect(tags.robots).toBe('noindex,nofollow');
  });

  test('a category page points its alternates at the same category in every locale', async ({ page, baseURL }) => {
    const tags = await head(page, '/es/category/slots');
    expect(tags.canonical).toBe(`${baseURL}/es/category/slots`);
    expect(tags.alternates['x-default']).toBe(`${baseURL}/en/category/slots`);
    expect(Object.values(tags.alternates)).toContain(`${baseURL}/ru/category/slots`);
  });
});

test.describe('side menu', () => {
  test('opens, closes on the backdrop, and closes when a link changes the route', async ({ page, axe }) => {
    await page.setViewportSize({ width: 360, height: 720 });
    await page.goto('/en');
    await dismissInfoPopup(page);
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const open = page.getByRole('button', { name: 'Open the menu' });

    await open.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close the menu' })).toBeFocused();
    await axe();

    // The panel covers the left of the screen; the backdrop shows to its right.
    await page.mouse.click(350, 400);
    await expect(menu).toBeHidden();

    await open.click();
    await menu.getByRole('link', { name: 'Mobile app' }).click();
    await expect(page).toHaveURL(/\/en\/app-page$/);
    await expect(menu).toBeHidden();
  });

  test('closes on the browser back button and on Escape', async ({ page }) => {
    await page.goto('/en');
    await dismissInfoPopup(page);
    await page.getByRole('navigation', { name: 'Game categories' }).getByRole('link', { name: 'Slots' }).click();
    await expect(page).toHaveURL(/\/en\/category\/slots$/);
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/en$/);
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open the menu' })).toBeFocused();
  });
});

test.describe('scroll-to-top button', () => {
  test('shows from 150 px down while scrolling up and scrolls smoothly to the top', async ({ page, axe }) => {
    await page.setViewportSize({ width: 360, height: 480 });
    await page.goto('/en');
    await dismissInfoPopup(page);
    const button = page.getByRole('button', { name: 'Back to the top of the page' });
    // Waits for the page's scroll event, so two quick scrolls are never merged into one.
    const scrollTo = (y: number) =>
      page.evaluate(
        (top) =>
          new Promise<void>((resolve) => {
            window.addEventListener('scroll', () => requestAnimationFrame(() => resolve()), { once: true });
            window.scrollTo({ top, behavior: 'instant' });
          }),
        y,
      );

    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1000);
    await scrollTo(600);
    await expect(button).toBeHidden();
    await scrollTo(500);
    await expect(button).toBeVisible();
    await axe();

    await scrollTo(700);
    await expect(button).toBeHidden();
    await scrollTo(100);
    await scrollTo(90);
    await expect(button).toBeHidden();

    await scrollTo(600);
    await scrollTo(550);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });
});

test.describe('info popup', () => {
  // These tests meet the announcement as a first-time visitor does.
  test.use({ announcementSeen: false });

  test('shows the operator text with a translated e-mail sample, leaves the focus alone and passes axe', async ({
    page,
    axe,
  }) => {
    await page.goto('/de');
    const popup = page.getByRole('dialog', { name: 'Mitteilung' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('ihr.name@beispiel.de');
    await waitForFinishedPage(page);
    await expect(popup.getByRole('button', { name: 'App holen' })).not.toBeFocused();
    await axe();
  });

  test('the main button closes it and goes to its link', async ({ page }) => {
    await page.goto('/en');
    const popup = page.getByRole('dialog', { name: 'Announcement' });
    await popup.getByRole('button', { name: 'Get the app' }).click();
    await expect(page).toHaveURL(/\/en\/app-page$/);
    await expect(popup).toBeHidden();
  });

  test('the close button closes it and goes to its link', async ({ page }) => {
    await page.goto('/en/app-page');
    const popup = page.getByRole('dialog', { name: 'Announcement' });
    await popup.getByRole('button', { name: 'Not now' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(popup).toBeHidden();
  });

  test('closes on a path change', async ({ page }) => {
    await page.goto('/en');
    const popup = page.getByRole('dialog', { name: 'Announcement' });
    await expect(popup).toBeVisible();
    await waitForFinishedPage(page);
    await page.evaluate(() => window.history.pushState(null, '', '/en/app-page'));
    await expect(popup).toBeHidden();
  });

  test('is never shown on the landing page', async ({ page }) => {
    await page.goto('/en/landing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForFinishedPage(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('home-page slider', () => {
  test('shows slides with HTML bodies, buttons to /{lng}/{url}, and moves between them', async ({ page, axe }) => {
    await page.goto('/en');
    await dismissInfoPopup(page);
    const slider = page.getByRole('region', { name: 'Featured offers' });
    await expect(slider.getByRole('heading', { name: 'Welcome to Playhouse' })).toBeVisible();
    await expect(slider.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/en/auth/register');

    await slider.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(slider.getByRole('heading', { name: 'Shared tables, one clock' })).toBeInViewport();
    await expect(slider.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    await expect(slider.getByRole('link', { name: 'Take a seat' })).toHaveAttribute(
      'href',
      '/en/category/shared-tables',
    );

    await slider.getByRole('button', { name: 'Previous slide' }).click();
    await expect(slider.getByRole('heading', { name: 'Welcome to Playhouse' })).toBeInViewport();
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect(slider.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    await axe();
  });

  test('chooses its artwork by screen size without moving the page when images arrive', async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/en', { waitUntil: 'load' });
    const firstImage = page.getByRole('region', { name: 'Featured offers' }).locator('picture img').first();
    await expect(firstImage).toHaveJSProperty('complete', true);
    expect(await firstImage.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/600x400/);
    const shift = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shift).toBeLessThan(0.01);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => firstImage.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/1920x500/);
  });
});

/**
 * Where a carousel (named by its region's label) stands in a page's HTML as the server sent it: the number of React
 * Suspense boundaries around its start (`<!--$-->`, `<!--$?-->`, `<!--$!-->` open one, `<!--/$-->` closes it),
 * whether it comes after the first streamed segment (`<div hidden id="S:…">`, swapped in later by React's script),
 * and its first image's tag.
 */
function carouselInHtml(html: string, label: string) {
  const start = html.search(new RegExp(`<section [^>]*aria-label="${label}"`));
  const before = html.slice(0, Math.max(start, 0));
  const opened = before.match(/<!--\$[?!]?-->/g)?.length ?? 0;
  const closed = before.match(/<!--\/\$-->/g)?.length ?? 0;
  const firstSegment = html.search(/<div hidden id="S:/);
  return {
    found: start >= 0,
    boundariesAround: opened - closed,
    afterAStreamedSegment: firstSegment >= 0 && firstSegment < start,
    firstImage: /<img [^>]*>/.exec(html.slice(Math.max(start, 0)))?.[0] ?? '',
  };
}

test.describe('sliders in the first bytes', () => {
  // The first slide's artwork is the home and category pages' largest paint: it must come with the page, not in a
  // segment that React streams later and a script swaps in (decisions.md, "Hero slider in the shell").
  for (const { path, label } of [
    { path: '/en', label: 'Featured offers' },
    { path: '/en/category/slots', label: 'Casino promotions' },
  ]) {
    test(`${path}: the slider is part of the page's shell, its first image loaded at once`, async ({ page }) => {
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      const carousel = carouselInHtml(await response.text(), label);
      expect(carousel).toMatchObject({ found: true, boundariesAround: 0, afterAStreamedSegment: false });
      expect(carousel.firstImage).toContain('fetchPriority="high"');
      expect(carousel.firstImage).toContain('loading="eager"');
    });
  }
});

test.describe('home page widgets streamed in', () => {
  // Without JavaScript a widget that was still loading when the page was sent stays in its place (the boundary's busy
  // fallback), and its content waits hidden at the end of the page. The test swaps each in as React's own script does
  // and compares the two boxes: a place that does not hold its widget's box moves the page when the widget arrives.
  // The page it leaves is swapped by hand, not one a visitor meets: the home page's other tests scan it with axe.
  test.use({ javaScriptEnabled: false, axeAfterEach: false });

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`each loading place holds its widget's box (${viewport.width} px wide)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/en', { waitUntil: 'load' });
      const { compared, barWithThePage } = await page.evaluate(() => {
        // The categories bar either came with the page (its call answered before the page was sent) or streams in.
        const barWithThePage = Array.from(document.querySelectorAll('nav[aria-label="Game categories"]')).some(
          (bar) => !bar.closest('[hidden]'),
        );
        const box = (element: Element) => {
          const { top, height } = element.getBoundingClientRect();
          return { top: Math.round(top + window.scrollY), height: Math.round(height) };
        };
        const results: { place: { top: number; height: number }; widget: { top: number; height: number } }[] = [];
        // Outer boundaries first: a boundary inside streamed content is measured once that content is in the page.
        for (;;) {
          const template = Array.from(document.querySelectorAll('template[id^="B:"]')).find(
            (candidate) => !candidate.closest('[hidden]'),
          );
          if (!template) break;
          const place = template.nextElementSibling!;
          const content = document.getElementById(`S:${template.id.slice(2)}`)!;
          const placeBox = box(place);
          const arrived = Array.from(content.children);
          for (const node of Array.from(content.childNodes)) template.parentNode!.insertBefore(node, place);
          place.remove();
          template.remove();
          content.remove();
          // A place of no size (the articles, last on the page) and a widget that is not there hold nothing to compare.
          const widget = arrived.find((element) => !element.hasAttribute('hidden') && element.tagName !== 'TEMPLATE');
          if (placeBox.height === 0 || !widget || widget.getBoundingClientRect().height === 0) continue;
          results.push({ place: placeBox, widget: box(widget) });
        }
        return { compared: results, barWithThePage };
      });
      // The slider is part of the page (never streamed); the categories bar is compared whenever it streamed in.
      expect(barWithThePage || compared.length > 0).toBe(true);
      for (const { place, widget } of compared) expect(widget).toEqual(place);
    });
  }
});

test.describe('categories bar', () => {
  test('links each category to its head game or to its category page', async ({ page, axe }) => {
    await page.goto('/en');
    await dismissInfoPopup(page);
    const response = await page.request.get('/spa/categories', { headers: { 'X-Locale': 'en' } });
    const { categories } = categoriesResponseSchema.parse(await response.json());
    expect(categories.some((category) => category.headGameSlug)).toBe(true);

    const bar = page.getByRole('navigation', { name: 'Game categories' });
    for (const category of categories) {
      // The Sports category's head "game" is the sportsbook itself (issue 21: /en/game/prematch-mts answered 404).
      const expected =
        category.headGameSlug === 'prematch-mts'
          ? '/en/sports'
          : category.headGameSlug
            ? `/en/game/${category.headGameSlug}`
            : `/en/category/${category.slug}`;
      await expect(bar.getByRole('link', { name: category.title, exact: true })).toHaveAttribute('href', expected);
    }
    await axe();

    const plain = categories.find((category) => !category.headGameSlug)!;
    await bar.getByRole('link', { name: plain.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/en/category/${plain.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: plain.title })).toBeVisible();
  });

  test('scrolls with its left and right buttons', async ({ page }) => {
    await page.setViewportSize({ width: 640, height: 800 });
    await page.goto('/en');
    await dismissInfoPopup(page);
    const bar = page.getByRole('navigation', { name: 'Game categories' });
    const left = bar.getByRole('button', { name: 'Scroll the categories to the left' });
    const right = bar.getByRole('button', { name: 'Scroll the categories to the right' });
    const offset = () => bar.getByRole('list').evaluate((list) => list.parentElement?.scrollLeft ?? 0);

    await expect(left).toBeDisabled();
    await expect(right).toBeEnabled();
    await right.click();
    await expect.poll(offset).toBeGreaterThan(0);
    await expect(left).toBeEnabled();
    await left.click();
    await expect.poll(offset).toBe(0);
  });
});

test.describe('phones and keyboards', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/en', '/en/category/slots', '/en/app-page', '/en/landing', '/en/missing-page']) {
    test(`${path} fits a 360 px wide screen`, async ({ page, axe }) => {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await axe();
    });
  }

  // Issue 20: a phone's header had no Register button.
  for (const [lng, login, register] of [
    ['en', 'Log in', 'Register'],
    ['de', 'Anmelden', 'Registrieren'],
    ['es', 'Iniciar sesión', 'Registrarse'],
    ['pt', 'Iniciar sessão', 'Registar'],
    ['ru', 'Войти', 'Регистрация'],
  ] as const) {
    test(`/${lng}: the header holds Log in and Register beside the menu, the logo and the language`, async ({
      page,
    }) => {
      await page.goto(`/${lng}`);
      await waitForFinishedPage(page);
      const header = page.getByRole('banner');
      const items = [
        header.getByRole('button', { name: /menu|Menü|menú|меню/i }).first(),
        header.getByRole('link', { name: /Playhouse/ }),
        header.getByRole('button', { name: /language|Sprache|idioma|язык/i }),
        header.getByRole('link', { name: login, exact: true }),
        header.getByRole('link', { name: register, exact: true }),
      ];
      const boxes = [];
      for (const item of items) {
        await expect(item).toBeVisible();
        boxes.push((await item.boundingBox())!);
      }
      // Each inside the screen, in order, none over the next.
      for (const [index, box] of boxes.entries()) {
        expect(box.x, `item ${index}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `item ${index}`).toBeLessThanOrEqual(360);
        if (index > 0)
          expect(box.x, `item ${index}`).toBeGreaterThanOrEqual(boxes[index - 1]!.x + boxes[index - 1]!.width);
      }
    });
  }

  test('the side menu links My bets, favourites and recently played', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const [name, path] of [
      ['My bets', '/en/sports/bets'],
      ['Favourites', '/en/category/favourites'],
      ['Recently played', '/en/category/recently-played'],
    ] as const) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    }
  });

  test.describe('a first visit', () => {
    test.use({ announcementSeen: false });

    test('the announcement covers at most a quarter of the first screen and nothing of the header or the corner buttons', async ({
      page,
      axe,
    }) => {
      await page.goto('/en');
      const announcement = page.getByRole('dialog', { name: 'Announcement' });
      await expect(announcement).toBeVisible();
      await waitForFinishedPage(page);
      const box = (await announcement.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(740 / 4);
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      const chat = (await page.getByRole('button', { name: /chat/i }).first().boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(chat.y);
      // Its buttons stay within reach, by scrolling inside it if the operator's text is long.
      await announcement.getByRole('button', { name: 'Close the announcement' }).scrollIntoViewIfNeeded();
      await expect(announcement.getByRole('button', { name: 'Close the announcement' })).toBeInViewport();
      await axe();
    });
  });

  test('the skip link and the header work from the keyboard', async ({ page }) => {
    await page.goto('/en/landing');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);

    await page.getByRole('button', { name: 'Open the menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /Current language: English/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Language' })).toBeVisible();
  });
});

test.describe('robots, sitemap and manifest', () => {
  test('robots.txt points at the sitemap', async ({ page, baseURL }) => {
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('the sitemap lists every locale with alternates and x-default', async ({ page, baseURL }) => {
    const locales = await seededLocales(page);
    const xml = await (await page.request.get('/sitemap.xml')).text();
    for (const { value } of locales) expect(xml).toContain(`<loc>${baseURL}/${value}</loc>`);
    expect(xml).toContain('hreflang="x-default"');
  });

  test('the web manifest opens the app where the visitor language is chosen', async ({ page }) => {
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.icons).toEqual(expect.arrayContaining([expect.objectContaining({ sizes: '512x512' })]));
  });
});
