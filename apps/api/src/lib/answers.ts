import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { z } from 'zod';

/**
 * A JSON answer serialized once and kept ready: the value, its body as sent, and a strong ETag over the body (the
 * same on every instance, since every instance serializes the same content the same way).
 */
export interface Answer<T = unknown> {
  readonly value: T;
  readonly body: string;
  readonly etag: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * The answer for `value` as the route's response schema lets it out: parsed first (an allow-list: a field the schema
 * does not name never leaves), then serialized. This is what the zod serializer would do on every request.
 */
export function answerOf<S extends z.ZodType>(schema: S, value: z.input<S>): Answer<z.output<S>> {
  const allowed = schema.parse(value);
  const body = JSON.stringify(allowed);
  return { value: allowed, body, etag: etagOf(body) };
}

/** An answer built for one request (a player's own page): no schema pass, no ETag. */
export function personalAnswerOf<T>(value: T): Answer<T> {
  return { value, body: JSON.stringify(value), etag: '' };
}

/**
 * The bytes of each shared answer's body, encoded on its first send. A body with any character beyond Latin-1 (the
 * texts have "…", "€", "’") is a two-byte string that Node would encode to UTF-8 again on every send, twice (its
 * length, then the write): for the 70 KB of texts that was most of the route's time.
 */
const encodedBodies = new WeakMap<Answer, Buffer>();

function bytesOf(answer: Answer): Buffer {
  let bytes = encodedBodies.get(answer);
  if (!bytes) encodedBodies.set(answer, (bytes = Buffer.from(answer.body)));
  return bytes;
}

export interface SendOptions {
  /** Cache-Control for this answer; unset leaves what the route's hooks set. */
  cacheControl?: string;
  vary?: string;
}

/**
 * Sends a ready answer: its ETag, and a bodiless 304 when the caller already holds it (If-None-Match), which costs
 * neither serialization nor bandwidth.
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  options: SendOptions = {},
): FastifyReply {
  if (options.cacheControl) reply.header('cache-control', options.cacheControl);
  if (options.vary) reply.header('vary', options.vary);
  if (answer.etag) {
    reply.header('etag', answer.etag);
    if (fresh(request.headers, { etag: answer.etag })) return reply.code(304).send();
  }
  // An answer with an ETag is a shared one, sent many times; a personal one (no ETag) is sent once, as its string.
  return reply.type(JSON_TYPE).send(answer.etag ? bytesOf(answer) : answer.body);
}
