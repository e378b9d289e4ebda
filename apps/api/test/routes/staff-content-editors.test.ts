import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import {
  articlesResponseSchema,
  bonusInfosResponseSchema,
  pageMetadataSchema,
  slidesResponseSchema,
  type StaffSlide,
  type StaffSlideBody,
} from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';
import { staffCaller, type StaffCaller } from '../helpers/staff';

let t: TestApp;
let content: StaffCaller;
let marketing: StaffCaller;

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  content = await staffCaller(t, ['content']);
  marketing = await staffCaller(t, ['marketing']);
});
afterAll(async () => t.close());

const as = (staff: StaffCaller) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: staff.headers }),
  send: (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: staff.headers, ...(payload === undefined ? {} : { payload }) }),
});

const publicSlides = async (type: 'home' | 'banner', lng = 'en') =>
  slidesResponseSchema.parse(
    (await t.app.inject({ url: `/spa/slides?type=${type}`, headers: { 'x-locale': lng } })).json(),
  ).slides;

const auditOf = (actorId: number, event: string) =>
  t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.actorId, actorId), eq(schema.auditLog.event, event)));

const NEW_SLIDE: StaffSlideBody = {
  kind: 'home',
  slug: 'winter-cup',
  images: { mobile: '/media/slides/welcome-mobile.webp', tablet: null, desktop: 'https://cdn.example.com/w.webp' },
  body: { en: '<h2>Winter cup</h2>', de: '<h2>Winterpokal</h2>' },
  buttonText: { en: 'Enter' },
  url: 'category/slots',
  position: 0,
  active: true,
};

describe('/spa/staff/content/slides', () => {
  it('GET /spa/staff/content/slides lists home slides and banners, filtered, sorted and paged', async () => {
    const all = await as(content).get('/spa/staff/content/slides?pageSize=100');
    expect(all.statusCode).toBe(200);
    const page = all.json() as { items: StaffSlide[]; total: number };
    const stored = await t.db.select().from(schema.slides);
    expect(page.total).toBe(stored.length);
    expect(page.items.map((slide) => slide.id).sort()).toEqual(stored.map((row) => row.id).sort());

    const banners = (await as(marketing).get('/spa/staff/content/slides?kind=banner&sort=slug&dir=desc')).json() as {
      items: StaffSlide[];
    };
    expect(banners.items.every((slide) => slide.kind === 'banner')).toBe(true);
    const slugs = banners.items.map((slide) => slide.slug);
    expect(slugs).toEqual([...slugs].sort().reverse());

    const paged = (await as(content).get('/spa/staff/content/slides?pageSize=2&page=2&sort=id&dir=asc')).json() as {
      items: StaffSlide[];
      page: number;
    };
    expect(paged.items.map((slide) => slide.id)).toEqual(
      stored
        .map((row) => row.id)
        .sort((a, b) => a - b)
        .slice(2, 4),
    );

    const search = (await as(content).get('/spa/staff/content/slides?q=Willkommen')).json() as { items: StaffSlide[] };
    expect(search.items.map((slide) => slide.slug)).toContain('welcome');

    // The whole filtered list as CSV (formula-safe cells, objects as JSON).
    const csv = await as(content).get('/spa/staff/content/slides?kind=home&format=csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,slider,name,order,shown,link,text,button text,pictures');
    expect(lines).toHaveLength(1 + stored.filter((row) => row.kind === 'home').length);

    // An unknown sort column is a 400, never raw SQL.
    expectErrorEnvelope(await as(content).get('/spa/staff/content/slides?sort=body;drop'), 400, 'validation_failed');
  });

  it('POST, PUT and DELETE /spa/staff/content/slides change what the public site shows at once, audited with before and after', async () => {
    const version = async () =>
      Number(((await t.app.inject({ url: '/spa/content-version' })).json() as { version: string }).version);
    const versionBefore = await version();
    const created = await as(marketing).send('POST', '/spa/staff/content/slides', NEW_SLIDE);
    expect(created.statusCode).toBe(201);
    const slide = created.json() as StaffSlide;
    expect(slide).toMatchObject({ slug: 'winter-cup', body: NEW_SLIDE.body, buttonText: { en: 'Enter' } });
    // The web keys its kept answers by the content version: the edit raised it.
    await expect.poll(version, { timeout: 15_000 }).toBeGreaterThan(versionBefore);
    const shown = (await publicSlides('home', 'de')).find((item) => item.id === slide.id);
    expect(shown).toMatchObject({ bodyTranslated: '<h2>Winterpokal</h2>', btnTextKeyTranslated: 'Enter' });
    expect(await auditOf(marketing.id, 'staff_content_slide_create')).toEqual([
      expect.objectContaining({ metadata: { type: 'slide', id: slide.id }, before: null, after: slide }),
    ]);

    const edited = { ...NEW_SLIDE, body: { en: '<h2>Winter cup final</h2>' } };
    const updated = await as(content).send('PUT', `/spa/staff/content/slides/${slide.id}`, edited);
    expect(updated.statusCode).toBe(200);
    // The next public request shows the edit (the content trigger dropped the kept answer).
    await expect
      .poll(async () => (await publicSlides('home', 'de')).find((item) => item.id === slide.id)?.bodyTranslated, {
        timeout: 15_000,
      })
      .toBe('<h2>Winter cup final</h2>');
    const [audit] = await auditOf(content.id, 'staff_content_slide_update');
    expect(audit).toMatchObject({ before: slide, after: updated.json() });

    const hidden = await as(content).send('PUT', `/spa/staff/content/slides/${slide.id}`, { ...edited, active: false });
    expect(hidden.statusCode).toBe(200);
    await expect
      .poll(async () => (await publicSlides('home')).some((item) => item.id === slide.id), { timeout: 15_000 })
      .toBe(false);

    const removed = await as(content).send('DELETE', `/spa/staff/content/slides/${slide.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(schema.slides).where(eq(schema.slides.id, slide.id))).toEqual([]);
    expect(await auditOf(content.id, 'staff_content_slide_delete')).toEqual([
      expect.objectContaining({ before: hidden.json(), after: null }),
    ]);
    expectErrorEnvelope(await as(content).get(`/spa/staff/content/slides/${slide.id}`), 404, 'not_found');
  });

  it('POST /spa/staff/content/slides refuses bad input with a 4xx and changes nothing', async () => {
    const before = await t.db.select().from(schema.slides);
    const audits = await t.db.select().from(schema.auditLog);
    for (const payload of [
      { ...NEW_SLIDE, body: { de: 'Nur Deutsch' } },
      { ...NEW_SLIDE, url: 'javascript:alert(1)' },
      { ...NEW_SLIDE, url: '//evil.example/' },
      { ...NEW_SLIDE, images: { ...NEW_SLIDE.images, mobile: 'javascript:alert(1)' } },
      { ...NEW_SLIDE, slug: 'Not A Slug' },
      { ...NEW_SLIDE, body: { en: 'x', fr: 'y' } },
      { ...NEW_SLIDE, position: -1 },
      { ...NEW_SLIDE, extra: true },
    ]) {
      expectErrorEnvelope(
        await as(content).send('POST', '/spa/staff/content/slides', payload),
        400,
        'validation_failed',
      );
    }
    // The same slug twice in one slider: 409 naming the field.
    const taken = await as(content).send('POST', '/spa/staff/content/slides', { ...NEW_SLIDE, slug: 'welcome' });
    expect(expectErrorEnvelope(taken, 409, 'content_conflict').error.fields).toHaveProperty('slug');
    expectErrorEnvelope(await as(content).send('PUT', '/spa/staff/content/slides/999999', NEW_SLIDE), 404, 'not_found');
    expect(await t.db.select().from(schema.slides)).toEqual(before);
    expect(await t.db.select().from(schema.auditLog)).toHaveLength(audits.length);
  });

  it('refuses roles the permission table does not allow: support reads nothing, marketing edits no articles', async () => {
    const support = await staffCaller(t, ['support']);
    expectErrorEnvelope(await as(support).get('/spa/staff/content/slides'), 403, 'forbidden');
    const [article] = await t.db.select().from(schema.articles).limit(1);
    expectErrorEnvelope(
      await as(marketing).send('DELETE', `/spa/staff/content/articles/${article!.id}`),
      403,
      'forbidden',
    );
    expect(await t.db.select().from(schema.articles).where(eq(schema.articles.id, article!.id))).toHaveLength(1);
  });
});

describe('/spa/staff/content: bonus info, articles, page metadata, announcements', () => {
  it('PUT /spa/staff/content/bonus-infos/:id changes the bonus info block the site shows', async () => {
    const list = (await as(marketing).get('/spa/staff/content/bonus-infos')).json() as {
      items: { id: number; slug: string; imageTitle: Record<string, string> }[];
    };
    const first = list.items[0]!;
    const full = (await as(marketing).get(`/spa/staff/content/bonus-infos/${first.id}`)).json() as Record<
      string,
      unknown
    >;
    const { id: _id, ...body } = full;
    const response = await as(marketing).send('PUT', `/spa/staff/content/bonus-infos/${first.id}`, {
      ...body,
      imageTitle: { ...first.imageTitle, en: 'Double welcome' },
    });
    expect(response.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          bonusInfosResponseSchema
            .parse((await t.app.inject({ url: '/spa/bonus-infos', headers: { 'x-locale': 'en' } })).json())
            .bonusInfos.find((info) => info.slug === first.slug)?.imageTitle,
        { timeout: 15_000 },
      )
      .toBe('Double welcome');
  });

  it('PUT /spa/staff/content/bonus-infos/:id links an entry to a campaign, whose terms the site then shows', async () => {
    const list = (await as(marketing).get('/spa/staff/content/bonus-infos')).json() as {
      items: { id: number; slug: string; campaignSlug: string | null }[];
    };
    const entry = list.items.find((item) => item.campaignSlug === 'weekend-reload')!;
    const full = (await as(marketing).get(`/spa/staff/content/bonus-infos/${entry.id}`)).json() as Record<
      string,
      unknown
    >;
    const { id: _id, ...body } = full;
    const unknown = await as(marketing).send('PUT', `/spa/staff/content/bonus-infos/${entry.id}`, {
      ...body,
      campaignSlug: 'no-such-campaign',
    });
    expectErrorEnvelope(unknown, 400, 'validation_failed');
    const [unchanged] = await t.db.select().from(schema.bonusInfos).where(eq(schema.bonusInfos.id, entry.id));
    expect(unchanged!.campaignSlug).toBe('weekend-reload');

    const linked = await as(marketing).send('PUT', `/spa/staff/content/bonus-infos/${entry.id}`, {
      ...body,
      campaignSlug: 'weekly-cashback',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await expect
      .poll(
        async () =>
          bonusInfosResponseSchema
            .parse((await t.app.inject({ url: '/spa/bonus-infos', headers: { 'x-locale': 'en' } })).json())
            .bonusInfos.find((info) => info.slug === entry.slug)?.campaign?.kind,
        { timeout: 15_000 },
      )
      .toBe('cashback');
    // A body without the field leaves the link as it is.
    const { campaignSlug: _campaign, ...withoutCampaign } = body;
    expect(
      (await as(marketing).send('PUT', `/spa/staff/content/bonus-infos/${entry.id}`, withoutCampaign)).statusCode,
    ).toBe(200);
    const [kept] = await t.db.select().from(schema.bonusInfos).where(eq(schema.bonusInfos.id, entry.id));
    expect(kept!.campaignSlug).toBe('weekly-cashback');
    await as(marketing).send('PUT', `/spa/staff/content/bonus-infos/${entry.id}`, {
      ...body,
      campaignSlug: 'weekend-reload',
    });
  });

  it('POST /spa/staff/content/articles adds an article to its page; the page reads it at once', async () => {
    const response = await as(content).send('POST', '/spa/staff/content/articles', {
      slug: 'poker-rules',
      routePath: '/casino/',
      isMain: false,
      title: { en: 'Poker rules' },
      content: { en: '<p>Two cards each.</p>' },
      position: 99,
      active: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ routePath: '/casino' });
    const page = articlesResponseSchema.parse(
      (await t.app.inject({ url: '/spa/articles?routePath=/casino', headers: { 'x-locale': 'de' } })).json(),
    );
    expect(page.articles.map((article) => article.title)).toContain('Poker rules');
  });

  it('PUT /spa/staff/content/page-metadata/:id changes a page title; the site default (*) is never removed', async () => {
    const list = (await as(content).get('/spa/staff/content/page-metadata?pageSize=100')).json() as {
      items: (Record<string, unknown> & { id: number; routePath: string })[];
    };
    const home = list.items.find((item) => item.routePath === '/')!;
    const { id: _id, ...body } = home;
    const response = await as(content).send('PUT', `/spa/staff/content/page-metadata/${home.id}`, {
      ...body,
      title: { ...(home.title as object), es: 'Casino en línea' },
    });
    expect(response.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          pageMetadataSchema.parse(
            (await t.app.inject({ url: '/spa/seo/page-metadata?routePath=/', headers: { 'x-locale': 'es' } })).json(),
          ).title,
        { timeout: 15_000 },
      )
      .toBe('Casino en línea');

    const fallback = list.items.find((item) => item.routePath === '*')!;
    expectErrorEnvelope(
      await as(content).send('DELETE', `/spa/staff/content/page-metadata/${fallback.id}`),
      409,
      'default_metadata_required',
    );
    const { id: _fallbackId, ...fallbackBody } = fallback;
    expectErrorEnvelope(
      await as(content).send('PUT', `/spa/staff/content/page-metadata/${fallback.id}`, {
        ...fallbackBody,
        routePath: '/moved',
      }),
      409,
      'default_metadata_required',
    );
    expect(await t.db.select().from(schema.pageMetadata).where(eq(schema.pageMetadata.routePath, '*'))).toHaveLength(1);
  });

  it('DELETE /spa/staff/content/info-popups/current takes the announcement down, audited; a second time is a 404', async () => {
    const shown = (await t.app.inject({ url: '/spa/info-popup' })).json() as { showInfoPopup: boolean; id: number };
    expect(shown.showInfoPopup).toBe(true);
    const list = (await as(marketing).get('/spa/staff/content/info-popups')).json() as {
      items: { id: number; active: boolean }[];
    };
    expect(list.items[0]).toMatchObject({ id: shown.id, active: true });
    const response = await as(marketing).send('DELETE', '/spa/staff/content/info-popups/current');
    expect(response.json()).toEqual({ withdrawn: [shown.id] });
    await expect
      .poll(
        async () =>
          ((await t.app.inject({ url: '/spa/info-popup' })).json() as { showInfoPopup: boolean }).showInfoPopup,
        {
          timeout: 15_000,
        },
      )
      .toBe(false);
    expect(await auditOf(marketing.id, 'staff_content_info_popup_withdraw')).toHaveLength(1);
    expectErrorEnvelope(await as(marketing).send('DELETE', '/spa/staff/content/info-popups/current'), 404, 'not_found');
  });
});

const messages = async (lng: string) =>
  (await t.app.inject({ url: `/spa/translation/${lng}` })).json() as Record<string, Record<string, unknown>>;

describe('/spa/staff/content/translations', () => {
  it('GET /spa/staff/content/translations finds keys by key or text, per locale, and the keys a locale lacks', async () => {
    const byKey = (await as(content).get('/spa/staff/content/translations?q=staffAuth.&pageSize=5')).json() as {
      items: { key: string; texts: Record<string, string> }[];
      total: number;
    };
    expect(byKey.items).toHaveLength(5);
    expect(byKey.total).toBeGreaterThan(5);
    for (const item of byKey.items) {
      expect(item.key.startsWith('staffAuth.')).toBe(true);
      expect(Object.keys(item.texts).sort()).toEqual(['de', 'en', 'es', 'pt', 'ru']);
    }
    const [row] = await t.db
      .select()
      .from(schema.translations)
      .where(and(eq(schema.translations.locale, 'de'), like(schema.translations.key, 'staffAuth.%')))
      .limit(1);
    const byText = (
      await as(content).get(`/spa/staff/content/translations?locale=de&q=${encodeURIComponent(row!.value)}`)
    ).json() as { items: { key: string }[] };
    expect(byText.items.map((item) => item.key)).toContain(row!.key);

    await t.db
      .delete(schema.translations)
      .where(and(eq(schema.translations.locale, 'pt'), eq(schema.translations.key, row!.key)));
    const missing = (await as(content).get('/spa/staff/content/translations?locale=pt&missing=true')).json() as {
      items: { key: string; texts: Record<string, string> }[];
    };
    expect(missing.items.map((item) => item.key)).toEqual([row!.key]);
    expect(missing.items[0]!.texts.pt).toBeUndefined();

    const csv = await as(content).get('/spa/staff/content/translations?q=staffAuth.title&format=csv');
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('key,en,de,es,pt,ru');
    expect(rows.some((line) => line.startsWith('staffAuth.title,'))).toBe(true);
  });

  it('PUT /spa/staff/content/translations/:locale/:key stores a valid message; the next public request shows it; audited', async () => {
    const [row] = await t.db
      .select()
      .from(schema.translations)
      .where(and(eq(schema.translations.locale, 'de'), eq(schema.translations.key, 'staffAuth.title')));
    expect(row).toBeDefined();
    await messages('de');
    const response = await as(content).send('PUT', '/spa/staff/content/translations/de/staffAuth.title', {
      value: 'Anmeldung für Mitarbeitende',
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { texts: Record<string, string> }).texts.de).toBe('Anmeldung für Mitarbeitende');
    await expect
      .poll(async () => (await messages('de')).staffAuth?.title, { timeout: 15_000 })
      .toBe('Anmeldung für Mitarbeitende');
    expect(await auditOf(content.id, 'staff_content_translation_update')).toEqual([
      expect.objectContaining({
        metadata: { type: 'translation', locale: 'de', key: 'staffAuth.title' },
        before: { value: row!.value },
        after: { value: 'Anmeldung für Mitarbeitende' },
      }),
    ]);
  });

  it('PUT /spa/staff/content/translations/:locale/:key refuses a broken ICU message with a 400 naming the error, and changes nothing', async () => {
    const before = await t.db.select().from(schema.translations).where(eq(schema.translations.locale, 'es'));
    const broken = await as(content).send('PUT', '/spa/staff/content/translations/es/staffAuth.title', {
      value: 'Hola {nombre',
    });
    const body = expectErrorEnvelope(broken, 400, 'invalid_message');
    expect(body.error.message).toContain('EXPECT_ARGUMENT_CLOSING_BRACE');
    expect(body.error.fields).toEqual({ value: 'EXPECT_ARGUMENT_CLOSING_BRACE', position: '6' });
    const noOther = await as(content).send('PUT', '/spa/staff/content/translations/es/staffAuth.title', {
      value: '{n, plural, one {# apuesta}}',
    });
    expect(expectErrorEnvelope(noOther, 400, 'invalid_message').error.message).toContain('MISSING_OTHER_CLAUSE');
    expect(await t.db.select().from(schema.translations).where(eq(schema.translations.locale, 'es'))).toEqual(before);
  });

  it('PUT /spa/staff/content/translations/:locale/:key refuses arguments the site does not supply, and unknown keys', async () => {
    const [withArgument] = await t.db
      .select()
      .from(schema.translations)
      .where(and(eq(schema.translations.locale, 'en'), like(schema.translations.value, '%{%}%')))
      .limit(1);
    const key = withArgument!.key;
    const unknown = await as(content).send('PUT', `/spa/staff/content/translations/ru/${key}`, {
      value: 'Привет, {someoneElse}',
    });
    expect(expectErrorEnvelope(unknown, 400, 'message_arguments_unknown').error.message).toContain('{someoneElse}');
    // The same message without the stranger is fine: a translation may leave an argument out.
    expect(
      (await as(content).send('PUT', `/spa/staff/content/translations/ru/${key}`, { value: 'Привет' })).statusCode,
    ).toBe(200);
    expectErrorEnvelope(
      await as(content).send('PUT', '/spa/staff/content/translations/ru/no.such.key', { value: 'x' }),
      404,
      'not_found',
    );
    expectErrorEnvelope(
      await as(content).send('PUT', '/spa/staff/content/translations/fr/staffAuth.title', { value: 'x' }),
      400,
      'validation_failed',
    );
    expectErrorEnvelope(
      await as(marketing).send('PUT', '/spa/staff/content/translations/ru/staffAuth.title', { value: 'x' }),
      403,
      'forbidden',
    );
  });

  it('POST /spa/staff/content/translations/preview renders a message in the locale with samples for the values left out', async () => {
    const response = await as(content).send('POST', '/spa/staff/content/translations/preview', {
      locale: 'de',
      message: '<b>{name}</b> hat {count, plural, one {# Wette} other {# Wetten}} über {amount, number} €',
      values: { name: 'Anna', amount: 1234.5 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      text: 'Anna hat 3 Wetten über 1.234,5 €',
      values: { name: 'Anna', count: 3, amount: 1234.5 },
    });
    expectErrorEnvelope(
      await as(content).send('POST', '/spa/staff/content/translations/preview', {
        locale: 'de',
        message: '{a, select}',
      }),
      400,
      'invalid_message',
    );
  });

  it('DELETE /spa/staff/content/translations/:locale/:key falls back to the default text; the default keeps its own', async () => {
    const en = (await messages('en')).staffAuth?.title;
    expect((await as(content).send('DELETE', '/spa/staff/content/translations/de/staffAuth.title')).statusCode).toBe(
      204,
    );
    await expect.poll(async () => (await messages('de')).staffAuth?.title, { timeout: 15_000 }).toBe(en);
    expectErrorEnvelope(
      await as(content).send('DELETE', '/spa/staff/content/translations/en/staffAuth.title'),
      409,
      'default_text_required',
    );
  });
});

describe('/spa/staff/content/locales', () => {
  it('POST /spa/staff/content/locales adds a supported locale; the site lists and serves it at once', async () => {
    // The operator had not added Portuguese.
    await t.db.delete(schema.locales).where(eq(schema.locales.code, 'pt'));
    const codes = async () =>
      ((await t.app.inject({ url: '/spa/locales' })).json() as { locales: { value: string }[] }).locales.map(
        (locale) => locale.value,
      );
    await expect.poll(codes, { timeout: 15_000 }).not.toContain('pt');
    const list = (await as(content).get('/spa/staff/content/locales')).json() as {
      locales: { code: string; added: boolean }[];
    };
    expect(list.locales.find((locale) => locale.code === 'pt')).toMatchObject({ added: false });

    const added = await as(content).send('POST', '/spa/staff/content/locales', { code: 'pt', title: 'Português' });
    expect(added.statusCode).toBe(201);
    await expect.poll(codes, { timeout: 15_000 }).toContain('pt');
    expect(
      expectErrorEnvelope(
        await as(content).send('POST', '/spa/staff/content/locales', { code: 'pt', title: 'Português' }),
        409,
        'locale_exists',
      ),
    );
    expectErrorEnvelope(
      await as(content).send('POST', '/spa/staff/content/locales', { code: 'fr', title: 'Français' }),
      400,
      'validation_failed',
    );
    expect(await auditOf(content.id, 'staff_content_locale_add')).toEqual([
      expect.objectContaining({ before: null, after: expect.objectContaining({ enabled: true, title: 'Português' }) }),
    ]);
  });

  it('POST /spa/staff/content/locales/:code/default makes a locale the default; texts missing elsewhere fall back to it', async () => {
    const response = await as(content).send('POST', '/spa/staff/content/locales/de/default');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { locales: { code: string; isDefault: boolean }[] };
    expect(list.locales.filter((locale) => locale.isDefault).map((locale) => locale.code)).toEqual(['de']);
    await expect
      .poll(async () => ((await t.app.inject({ url: '/spa/locales/default' })).json() as { value: string }).value, {
        timeout: 15_000,
      })
      .toBe('de');
    expect(await auditOf(content.id, 'staff_content_locale_default')).toEqual([
      expect.objectContaining({ before: { defaultLocale: 'en' }, after: { defaultLocale: 'de' } }),
    ]);
    await t.db.update(schema.locales).set({ enabled: false }).where(eq(schema.locales.code, 'ru'));
    expectErrorEnvelope(
      await as(content).send('POST', '/spa/staff/content/locales/ru/default'),
      409,
      'locale_disabled',
    );
    // Back to English for the other tests of this file.
    expect((await as(content).send('POST', '/spa/staff/content/locales/en/default')).statusCode).toBe(200);
    await t.db.update(schema.locales).set({ enabled: true }).where(eq(schema.locales.code, 'ru'));
  });

  it('PUT /spa/staff/content/locales/:code/odd-type sets the odds format visitors of that language get (SPEC.md §3: per language)', async () => {
    const visitorOddType = async (locale: string) =>
      (
        (await t.app.inject({ url: '/spa/users/odd-type', headers: { 'x-locale': locale } })).json() as {
          oddType: string;
        }
      ).oddType;
    expect(await visitorOddType('en')).toBe('decimal');
    const response = await as(content).send('PUT', '/spa/staff/content/locales/en/odd-type', { oddType: 'fractional' });
    expect(response.statusCode).toBe(200);
    const list = response.json() as { locales: { code: string; oddType: string }[] };
    expect(list.locales.find((locale) => locale.code === 'en')?.oddType).toBe('fractional');
    await expect.poll(() => visitorOddType('en'), { timeout: 15_000 }).toBe('fractional');
    expect(await visitorOddType('de')).toBe('decimal');
    expect(await auditOf(content.id, 'staff_content_locale_odd_type')).toEqual([
      expect.objectContaining({ before: { oddType: 'decimal' }, after: { oddType: 'fractional' } }),
    ]);
    expect(
      expectErrorEnvelope(
        await as(content).send('PUT', '/spa/staff/content/locales/en/odd-type', { oddType: 'roman' }),
        400,
        'validation_failed',
      ).error.fields,
    ).toHaveProperty('oddType');
    // Back to decimal for the other tests of this file.
    expect(
      (await as(content).send('PUT', '/spa/staff/content/locales/en/odd-type', { oddType: 'decimal' })).statusCode,
    ).toBe(200);
  });
});
