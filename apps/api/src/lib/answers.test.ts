import type * as zlib from 'node:zlib';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { COMPRESS_FROM_BYTES, answerOf, sendAnswer, sendPersonal } from './answers';

vi.mock('node:zlib', async (original) => {
  const actual = await original<typeof zlib>();
  return { ...actual, brotliCompressSync: vi.fn(actual.brotliCompressSync) };
});

const textsSchema = z.object({ greeting: z.string(), price: z.string() });

async function appSending(answer: ReturnType<typeof answerOf>) {
  const app = Fastify();
  app.get('/', (request, reply) => sendAnswer(request, reply, answer));
  await app.ready();
  return app;
}

describe('sendAnswer', () => {
  it('sends a shared answer with characters beyond Latin-1 as its exact UTF-8 bytes, encoded once', async () => {
    const answer = answerOf(textsSchema, { greeting: 'Grüße… ’quoted’', price: '10 €' });
    const app = await appSending(answer);
    const encode = vi.spyOn(Buffer, 'from');
    try {
      for (let i = 0; i < 3; i++) {
        const response = await app.inject({ url: '/' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
        expect(response.headers.etag).toBe(answer.etag);
        expect(response.json()).toEqual({ greeting: 'Grüße… ’quoted’', price: '10 €' });
      }
      // The body was turned into bytes on the first send only (inject's own Buffer.from calls take no strings of it).
      expect(encode.mock.calls.filter(([value]) => value === answer.body)).toHaveLength(1);
    } finally {
      encode.mockRestore();
      await app.close();
    }
  });

  it('answers 304 without a body to a caller holding the ETag', async () => {
    const answer = answerOf(textsSchema, { greeting: 'Hallo', price: '1 €' });
    const app = await appSending(answer);
    try {
      const response = await app.inject({ url: '/', headers: { 'if-none-match': answer.etag } });
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe('');
    } finally {
      await app.close();
    }
  });

  it('sends a personal body, text or bytes, as it is: private, no-store, no ETag', async () => {
    const value = { liked: [1, 2], note: 'Grüße' };
    for (const body of [JSON.stringify(value), Buffer.from(JSON.stringify(value))]) {
      const app = Fastify();
      app.get('/', (_request, reply) => sendPersonal(reply, body, { vary: 'Cookie' }));
      try {
        const response = await app.inject({ url: '/', headers: { 'if-none-match': '*' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers.etag).toBeUndefined();
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect(response.headers.vary).toBe('Cookie');
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.json()).toEqual(value);
      } finally {
        await app.close();
      }
    }
  });

  describe('compression', () => {
    const largeSchema = z.object({ texts: z.array(z.string()) });
    const large = () =>
      answerOf(largeSchema, {
        texts: Array.from({ length: 200 }, (_, i) => `Willkommen zurück, Spieler ${i} – Grüße`),
      });

    it('sends a large shared answer compressed in the best encoding the caller accepts, with its own ETag', async () => {
      const answer = large();
      expect(Buffer.byteLength(answer.body)).toBeGreaterThan(COMPRESS_FROM_BYTES);
      const app = await appSending(answer);
      try {
        const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toMatch(/accept-encoding/i);
        expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(answer.body) / 4);
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(answer.body);
        expect(br.headers.etag).not.toBe(answer.etag);

        const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gzip.rawPayload).toString()).toBe(answer.body);
        expect(gzip.headers.etag).not.toBe(br.headers.etag);

        const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.body).toBe(answer.body);
        expect(plain.headers.etag).toBe(answer.etag);

        // A revalidation is answered for the representation the caller holds.
        const again = await app.inject({
          url: '/',
          headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
        const switched = await app.inject({
          url: '/',
          headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
        });
        expect(switched.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('compresses each answer once per encoding', async () => {
      const answer = large();
      const app = await appSending(answer);
      const compress = vi.mocked(brotliCompressSync);
      compress.mockClear();
      try {
        const first = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
        const second = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
        expect(second.rawPayload).toEqual(first.rawPayload);
        expect(compress).toHaveBeenCalledTimes(1);
      } finally {
        await app.close();
      }
    });

    it('sends small answers and personal answers as they are', async () => {
      const small = answerOf(textsSchema, { greeting: 'Hallo', price: '1 €' });
      const app = await appSending(small);
      try {
        const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers.vary).toBeUndefined();
        expect(response.body).toBe(small.body);
      } finally {
        await app.close();
      }
      const personal = JSON.stringify({ texts: large().value.texts });
      const own = Fastify();
      own.get('/', (_request, reply) => sendPersonal(reply, personal));
      try {
        const response = await own.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body).toBe(personal);
      } finally {
        await own.close();
      }
    });
  });
});
