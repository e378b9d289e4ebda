import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answerOf, personalAnswerOf, sendAnswer } from './answers';

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

  it('sends a personal answer (no ETag) as it was serialized', async () => {
    const answer = personalAnswerOf({ liked: [1, 2], note: 'Grüße' });
    const app = Fastify();
    app.get('/', (request, reply) => sendAnswer(request, reply, answer));
    try {
      const response = await app.inject({ url: '/' });
      expect(response.headers.etag).toBeUndefined();
      expect(response.json()).toEqual({ liked: [1, 2], note: 'Grüße' });
    } finally {
      await app.close();
    }
  });
});
