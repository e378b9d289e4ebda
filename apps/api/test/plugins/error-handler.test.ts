import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../../src/app';
import { AppError } from '../../src/lib/errors';
import { buildTestApp, expectErrorEnvelope, type TestApp } from '../helpers/build-test-app';

/** The site's origin, which every write from a browser names. */
const SITE = 'http://localhost:3000';
const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ logger: { level: 'info', stream: { write: (line) => logLines.push(line) } } });
  // Issue 2 has no write endpoints yet; these stand in for the POST routes later issues add under the same handler.
  t.app.post(
    '/spa/test/echo',
    { schema: { body: z.object({ name: z.string().min(2), age: z.number().int().optional() }) } },
    async (request) => ({ hello: request.body.name }),
  );
  t.app.get('/spa/test/explode', async () => {
    throw new Error('connection string postgres://admin:hunter2@db.internal leaked');
  });
  t.app.get('/spa/test/broken-invariant', async () => {
    throw new AppError('unbalanced_transfer', 'Ledger legs do not sum to zero for transfer 17.', 500);
  });
  // What PostgreSQL raises when two transactions meet: the real driver error, through drizzle, as a service sees it.
  t.app.get<{ Params: { code: string } }>('/spa/test/conflict/:code', async (request) => {
    const condition = { '40001': 'serialization_failure', '40P01': 'deadlock_detected' }[request.params.code];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`do $$ begin raise exception 'conflict' using errcode = '${condition}'; end $$`));
    });
    return {};
  });
  await t.app.ready();
});
afterAll(async () => t.close());

describe('the error handler', () => {
  it('answers an unknown route with 404 not_found in the envelope', async () => {
    expectErrorEnvelope(await t.app.inject({ url: '/spa/no-such-thing' }), 404, 'not_found');
    expectErrorEnvelope(await t.app.inject({ method: 'DELETE', url: '/spa/locales' }), 404, 'not_found');
  });

  it('answers a POST with malformed JSON with 400 bad_request, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/test/echo',
      headers: { 'content-type': 'application/json', origin: SITE },
      payload: '{"name": "Ann",',
    });
    const body = expectErrorEnvelope(response, 400, 'bad_request');
    expect(body.error.message).toBe('The body is not valid JSON.');
  });

  it('answers a POST with an empty JSON body with 400 bad_request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/test/echo',
      headers: { 'content-type': 'application/json', origin: SITE },
    });
    expectErrorEnvelope(response, 400, 'bad_request');
  });

  it('answers a body that breaks the schema with 400 validation_failed and a message per field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/test/echo',
      headers: { origin: SITE },
      payload: { name: 'A', age: 'old' },
    });
    const body = expectErrorEnvelope(response, 400, 'validation_failed');
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['age', 'name']);
    for (const message of Object.values(body.error.fields ?? {})) expect(message).not.toBe('');
  });

  it('answers an oversized body with 413 payload_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/test/echo',
      headers: { 'content-type': 'application/json', origin: SITE },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES + 1) }),
    });
    expectErrorEnvelope(response, 413, 'payload_too_large');
  });

  it('answers a content type it does not parse with 415 unsupported_media_type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/spa/test/echo',
      headers: { 'content-type': 'application/xml', origin: SITE },
      payload: '<name>Ann</name>',
    });
    expectErrorEnvelope(response, 415, 'unsupported_media_type');
  });

  it('answers an unexpected failure with 500 internal_error, logs it, and shows the caller nothing of it', async () => {
    const response = await t.app.inject({ url: '/spa/test/explode' });
    const body = expectErrorEnvelope(response, 500, 'internal_error');
    expect(response.body).not.toMatch(/hunter2|postgres|leaked|stack/);
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = logged.find((line) => line.requestId === body.requestId && line.level === 50);
    expect(entry).toMatchObject({ route: '/spa/test/explode', method: 'GET' });
    expect(JSON.stringify(entry)).toContain('leaked');
  });

  it('hides the message of a service error with a 5xx status', async () => {
    const response = await t.app.inject({ url: '/spa/test/broken-invariant' });
    expectErrorEnvelope(response, 500, 'internal_error');
    expect(response.body).not.toContain('Ledger');
  });

  it('answers a deadlock or serialization failure with 503 and Retry-After: the transaction was undone, a retry may pass', async () => {
    for (const code of ['40001', '40P01']) {
      const response = await t.app.inject({ url: `/spa/test/conflict/${code}` });
      const body = expectErrorEnvelope(response, 503, 'service_unavailable');
      expect(response.headers['retry-after']).toBe('1');
      expect(body.error.message).toMatch(/retry/i);
      expect(response.body).not.toMatch(/conflict'|deadlock|serializ/);
    }
  });
});
