import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@playhouse/db';
import { staffMediaPageSchema, staffMediaUploadResponseSchema } from '@playhouse/shared';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';
import { staffCaller, type StaffCaller } from '../helpers/staff';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

let t: TestApp;
let editor: StaffCaller;
let marketer: StaffCaller;
let support: StaffCaller;

beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  editor = await staffCaller(t, ['content']);
  marketer = await staffCaller(t, ['marketing']);
  support = await staffCaller(t, ['support']);
});
afterAll(async () => t.close());

function multipart(fileName: string, body: Buffer, contentType = 'image/png') {
  const boundary = `----playhouse${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (headers: Record<string, string>, fileName: string, body: Buffer, declared?: string) => {
  const form = multipart(fileName, body, declared);
  return t.app.inject({
    method: 'POST',
    url: '/spa/staff/content/media',
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
  });
};

const getFile = (path: string, headers: Record<string, string> = {}) => t.app.inject({ url: path, headers });

async function storedRows(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(schema.mediaFiles);
  return row!.n;
}

function uploaded(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(201);
  return staffMediaUploadResponseSchema.parse(response.json());
}

describe('POST /spa/staff/content/media', () => {
  it('POST /spa/staff/content/media stores a PNG that GET /spa/media/<id>.png serves back, immutable, with an ETag', async () => {
    const before = await storedRows();
    const { media, created } = uploaded(await upload(editor.headers, 'welcome banner.png', PNG));
    expect(created).toBe(true);
    expect(media).toMatchObject({
      contentType: 'image/png',
      size: PNG.length,
      originalName: 'welcome banner.png',
      uploadedBy: editor.email,
      path: `/spa/media/${media.id}.png`,
    });
    expect(await storedRows()).toBe(before + 1);

    const served = await getFile(media.path);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    const etag = served.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const again = await getFile(media.path, { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Served from the database, not only from this instance's memory: a fresh read gives the same bytes.
    const [row] = await t.db.select().from(schema.mediaFiles).where(eq(schema.mediaFiles.id, media.id));
    expect(row!.bytes.equals(PNG)).toBe(true);

    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.event, 'staff_media_upload'))
      .then((rows) => rows.filter((entry) => (entry.metadata as { mediaId?: string }).mediaId === media.id));
    expect(audit).toMatchObject({ actorId: editor.id });

    // The content editors' picture fields take the path as it is.
    const slide = await t.app.inject({
      method: 'POST',
      url: '/spa/staff/content/slides',
      headers: editor.headers,
      payload: {
        kind: 'banner',
        slug: 'library-picture',
        images: { mobile: media.path, tablet: null, desktop: media.path },
        body: { en: '<h2>From the library</h2>' },
        buttonText: {},
        url: 'category/slots',
        position: 0,
        active: false,
      },
    });
    expect(slide.statusCode, slide.body).toBe(201);
    expect(slide.json()).toMatchObject({ images: { mobile: media.path, desktop: media.path } });
  });

  it('POST /spa/staff/content/media answers the picture already stored for the same bytes, without a second copy', async () => {
    const first = uploaded(await upload(marketer.headers, 'pixel.gif', GIF, 'application/octet-stream'));
    expect(first.media.path).toBe(`/spa/media/${first.media.id}.gif`);
    const rows = await storedRows();
    const second = uploaded(await upload(editor.headers, 'same pixel.gif', GIF));
    expect(second.created).toBe(false);
    expect(second.media.id).toBe(first.media.id);
    expect(second.media.originalName).toBe('pixel.gif');
    expect(await storedRows()).toBe(rows);
    const served = await getFile(second.media.path);
    expect(served.headers['content-type']).toBe('image/gif');
  });

  it('POST /spa/staff/content/media refuses SVG, HTML and text named as pictures, an oversize file and a path in the name, storing nothing', async () => {
    const before = await storedRows();
    expectErrorEnvelope(await upload(editor.headers, 'logo.png', SVG, 'image/svg+xml'), 415, 'unsupported_media_type');
    expectErrorEnvelope(await upload(editor.headers, 'logo.svg', SVG, 'image/svg+xml'), 415, 'unsupported_media_type');
    expectErrorEnvelope(await upload(editor.headers, 'page.png', HTML), 415, 'unsupported_media_type');
    expectErrorEnvelope(
      await upload(editor.headers, 'notes.jpg', Buffer.from('just some text, not a picture')),
      415,
      'unsupported_media_type',
    );
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expectErrorEnvelope(await upload(editor.headers, 'huge.png', huge), 413, 'payload_too_large');
    for (const name of ['../../etc/passwd.png', 'C:\\Windows\\a.png', 'dir/a.png', '..png', `${'a'.repeat(201)}.png`]) {
      expectErrorEnvelope(await upload(editor.headers, name, PNG), 400, 'validation_failed');
    }
    expectErrorEnvelope(await upload(editor.headers, 'empty.png', Buffer.alloc(0)), 400, 'validation_failed');
    expectErrorEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/spa/staff/content/media',
        headers: editor.headers,
        payload: { file: 'not multipart' },
      }),
      406,
      'bad_request',
    );
    expect(await storedRows()).toBe(before);
  });

  it('POST /spa/staff/content/media refuses the anonymous (401), staff without content.promotions (403) and a foreign origin (403)', async () => {
    const before = await storedRows();
    expectErrorEnvelope(await upload({ origin: editor.headers.origin }, 'a.png', PNG), 401, 'unauthorized');
    expectErrorEnvelope(await upload(support.headers, 'a.png', PNG), 403, 'forbidden');
    expectErrorEnvelope(
      await upload({ ...editor.headers, origin: 'https://evil.example' }, 'a.png', PNG),
      403,
      'origin_not_allowed',
    );
    expect(await storedRows()).toBe(before);
  });
});

describe('GET /spa/media/:file', () => {
  it('GET /spa/media/:file answers 404 in the envelope for a bad name, a wrong extension or an unknown picture', async () => {
    const { media } = uploaded(await upload(editor.headers, 'dot.png', Buffer.concat([PNG, Buffer.from('x')])));
    for (const path of [
      `/spa/media/${media.id}.jpg`,
      `/spa/media/${media.id}`,
      `/spa/media/${media.id}.PNG`,
      `/spa/media/${randomUUID()}.png`,
      '/spa/media/..%2Fx',
      '/spa/media/x.png',
      `/spa/media/${media.id}.png.svg`,
    ]) {
      expectErrorEnvelope(await getFile(path), 404, 'not_found');
    }
    expect((await getFile('/spa/media/../x')).statusCode).toBe(404);
    expect((await getFile(media.path)).statusCode).toBe(200);
  });
});

describe('GET /spa/staff/content/media', () => {
  it('GET /spa/staff/content/media lists the library newest first, one page at a time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      // Distinct bytes each (a PNG with trailing data): three pictures, not one.
      const body = Buffer.concat([PNG, Buffer.from(`page-${i}-${randomUUID()}`)]);
      ids.push(uploaded(await upload(editor.headers, `page-${i}.png`, body)).media.id);
    }
    const total = await storedRows();
    const first = staffMediaPageSchema.parse(
      (await t.app.inject({ url: '/spa/staff/content/media?pageSize=2', headers: marketer.headers })).json(),
    );
    expect(first).toMatchObject({ total, page: 1, pageSize: 2 });
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    const second = staffMediaPageSchema.parse(
      (await t.app.inject({ url: '/spa/staff/content/media?pageSize=2&page=2', headers: editor.headers })).json(),
    );
    expect(second.items[0]!.id).toBe(ids[0]);
    const dates = [...first.items, ...second.items].map((item) => item.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    expectErrorEnvelope(await t.app.inject({ url: '/spa/staff/content/media' }), 401, 'unauthorized');
    expectErrorEnvelope(
      await t.app.inject({ url: '/spa/staff/content/media', headers: support.headers }),
      403,
      'forbidden',
    );
    expectErrorEnvelope(
      await t.app.inject({ url: '/spa/staff/content/media?pageSize=1000', headers: editor.headers }),
      400,
      'validation_failed',
    );
  });
});
