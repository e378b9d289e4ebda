import { schema, type Db } from '@playhouse/db';

/**
 * A small, complete content set in every locale: what the route tests read when the demo seed is not available to
 * them. Each text differs per locale so a test can tell which locale answered.
 */
export async function insertContentFixtures(db: Db): Promise<void> {
  await db.insert(schema.locales).values([
    { code: 'en', title: 'English', imagePath: '/images/flags/en.svg', isDefault: true, position: 0 },
    { code: 'de', title: 'Deutsch', imagePath: '/images/flags/de.svg', position: 1 },
    { code: 'es', title: 'Español', imagePath: '/images/flags/es.svg', position: 2 },
    { code: 'pt', title: 'Português', imagePath: '/images/flags/pt.svg', position: 3 },
    { code: 'ru', title: 'Русский', imagePath: '/images/flags/ru.svg', position: 4 },
  ]);
  await db.insert(schema.translations).values([
    { locale: 'en', key: 'common.loading', value: 'Loading…' },
    { locale: 'en', key: 'sideMenu.open', value: 'Open the menu' },
    { locale: 'en', key: 'footer.copyright', value: '© {year} {siteName}' },
    { locale: 'de', key: 'common.loading', value: 'Wird geladen…' },
    { locale: 'de', key: 'sideMenu.open', value: 'Menü öffnen' },
    { locale: 'de', key: 'footer.copyright', value: '© {year} {siteName}. Alle Rechte vorbehalten.' },
  ]);
  await db.insert(schema.navCategories).values([
    {
      slug: 'slots',
      title: { en: 'Slots', de: 'Spielautomaten' },
      description: { en: 'Spinning reels', de: 'Drehende Walzen' },
      imagePath: '/images/categories/slots.svg',
      position: 1,
    },
    {
      slug: 'live-casino',
      title: { en: 'Live casino', de: 'Live-Casino' },
      description: { en: 'Real dealers', de: 'Echte Croupiers' },
      imagePath: '/images/categories/live.svg',
      headGameSlug: 'live-roulette',
      position: 2,
    },
  ]);
  await db.insert(schema.slides).values([
    {
      kind: 'home',
      slug: 'welcome',
      imageMobile: '/images/slides/welcome-m.webp',
      imageTablet: '/images/slides/welcome-t.webp',
      imageDesktop: '/images/slides/welcome-d.webp',
      body: { en: '<p>Welcome bonus</p>', de: '<p>Willkommensbonus</p>' },
      buttonText: { en: 'Play now', de: 'Jetzt spielen' },
      url: 'category/slots',
      position: 1,
    },
    {
      kind: 'banner',
      slug: 'weekend',
      imageDesktop: '/images/slides/weekend-d.webp',
      body: { en: '<p>Weekend cashback</p>', de: '<p>Wochenend-Cashback</p>' },
      buttonText: { en: 'Details', de: 'Details ansehen' },
      url: 'app-page',
    },
  ]);
  await db.insert(schema.articles).values([
    {
      slug: 'about',
      routePath: '/',
      isMain: true,
      title: { en: 'About Playhouse', de: 'Über Playhouse' },
      content: { en: '<p>We are a casino.</p>', de: '<p>Wir sind ein Casino.</p>' },
    },
    {
      slug: 'fair-play',
      routePath: '/',
      title: { en: 'Fair play', de: 'Faires Spiel' },
      content: { en: '<p>Certified games.</p>', de: '<p>Zertifizierte Spiele.</p>' },
      position: 1,
    },
  ]);
  await db.insert(schema.pageMetadata).values([
    {
      routePath: '*',
      title: { en: 'Playhouse online casino', de: 'Playhouse Online-Casino' },
      keywords: { en: 'casino, sportsbook', de: 'Casino, Sportwetten' },
      description: { en: 'Play and bet online.', de: 'Online spielen und wetten.' },
      imageUrl: '/images/og/default.png',
      jsonLd: { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Playhouse' },
    },
    {
      routePath: '/app-page',
      title: { en: 'Playhouse app', de: 'Playhouse-App' },
      description: { en: 'Get the app.', de: 'Hol dir die App.' },
      customMetaTags: [{ name: 'apple-itunes-app', content: 'app-id=1' }],
      robotsIndex: false,
    },
  ]);
  await db.insert(schema.siteSettings).values({
    siteName: 'Playhouse',
    defaultDomain: 'playhouse.example',
    fbAppId: '1234567890',
    themeColor: '#14213d',
    backgroundColor: '#0b1324',
    appleIcons: [{ href: '/icons/apple-180.png', sizes: '180x180' }],
    favicons: [{ href: '/icons/favicon-32.png', sizes: '32x32', type: 'image/png' }],
    msTileColor: '#14213d',
    msTileImage: '/icons/mstile-150.png',
    manifestIcons: [{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' }],
  });
  await db.insert(schema.htmlSnippets).values([
    { slot: 'head/bottom', html: '<meta name="operator" content="playhouse">' },
    { slot: 'body/top', html: '<div class="promo-strip">Promo</div>' },
    { slot: 'body/bottom', html: '<p class="legal">18+</p>' },
  ]);
  await db.insert(schema.infoPopups).values({
    text: { en: 'Write to {email} for help.', de: 'Schreib an {email}, wenn du Hilfe brauchst.' },
    buttonText: { en: 'Contact us', de: 'Kontakt' },
    closeButtonText: { en: 'Close', de: 'Schließen' },
    hrefOnCloseButton: '/',
    hrefOnMainButton: '/app-page',
  });
}
