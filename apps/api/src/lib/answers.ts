import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
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

/**
 * The bytes of each shared answer's body, encoded on its first send. A body with any character beyond Latin-1 (the
 * texts have "…", "€", "’") is a two-byte string that Node would encode to UTF-8 again on every send, twice (its
 * length, then the write): for the 70 KB of texts that was most of the route's time.
 */
const encodedBodies = new WeakMap<Answer, Buffer>();

/** A ready answer's body as the UTF-8 bytes sent, encoded once. */
export function answerBytes(answer: Answer): Buffer {
  let bytes = encodedBodies.get(answer);
  if (!bytes) encodedBodies.set(answer, (bytes = Buffer.from(answer.body)));
  return bytes;
}

/** The encodings a shared answer is also kept in, the smallest first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Bodies smaller than this go as they are: compressing them saves less than its headers cost. */
export const COMPRESS_FROM_BYTES = 1_024;

const COMPRESS: Record<Encoding, (bytes: Buffer) => Buffer> = {
  // Quality 5: most of brotli's gain at a few milliseconds for the largest answer (the 70 KB of texts), done once.
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzipSync(bytes, { level: 6 }),
};

/** Accept-Encoding values repeat (every browser sends one of a handful): each is read once. */
const negotiator = new Negotiator<Encoding>({
  supportedValues: [...ENCODINGS],
  cache: new LRUCache<string, string>({ max: 256 }),
});

interface Representation {
  bytes: Buffer;
  etag: string;
  encoding: Encoding | null;
}

/** Each shared answer's compressed copies, made on the first send that asks for them. */
const compressedBodies = new WeakMap<Answer, Partial<Record<Encoding, Representation>>>();

/**
 * The bytes to send for a shared answer: compressed in the best encoding the caller accepts, when the body is large
 * enough. Each encoding is its own representation with its own ETag (the body's, marked with the encoding), so a
 * revalidation is answered for exactly what the caller holds.
 */
function representationOf(answer: Answer, acceptEncoding: string | undefined): Representation {
  const identity = { bytes: answerBytes(answer), etag: answer.etag, encoding: null };
  if (!acceptEncoding || identity.bytes.length < COMPRESS_FROM_BYTES) return identity;
  const encoding = negotiator.negotiate(acceptEncoding);
  if (!encoding) return identity;
  let copies = compressedBodies.get(answer);
  if (!copies) compressedBodies.set(answer, (copies = {}));
  let copy = copies[encoding];
  if (!copy) {
    const bytes = COMPRESS[encoding](identity.bytes);
    copy = copies[encoding] = { bytes, etag: `${answer.etag.slice(0, -1)}-${encoding}"`, encoding };
  }
  return copy;
}

export interface SendOptions {
  /** Cache-Control for this answer; unset leaves what the route's hooks set. */
  cacheControl?: string;
  vary?: string;
}

/**
 * Sends a ready (shared) answer: its ETag, and a bodiless 304 when the caller already holds it (If-None-Match), which
 * costs neither serialization nor bandwidth. An answer of 1 KB or more goes compressed (brotli or gzip, compressed
 * once and kept) to callers that accept it; shared answers are public content, so compressing them beside a caller's
 * own input reveals nothing (BREACH). A caller's own answer goes through sendPersonal.
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  options: SendOptions = {},
): FastifyReply {
  if (options.cacheControl) reply.header('cache-control', options.cacheControl);
  if (options.vary) reply.header('vary', options.vary);
  const representation = representationOf(answer, request.headers['accept-encoding']);
  if (answerBytes(answer).length >= COMPRESS_FROM_BYTES) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  }
  reply.header('etag', representation.etag);
  if (fresh(request.headers, { etag: representation.etag })) return reply.code(304).send();
  if (representation.encoding) reply.header('content-encoding', representation.encoding);
  return reply.type(JSON_TYPE).send(representation.bytes);
}

/**
 * Sends one caller's own JSON body (built for this request, or the shared bytes when nothing of theirs changes them):
 * `private, no-store`, no ETag, and never compressed (a secret beside the caller's own input would leak: BREACH).
 */
export function sendPersonal(
  reply: FastifyReply,
  body: string | Buffer,
  options: { vary?: string } = {},
): FastifyReply {
  reply.header('cache-control', 'private, no-store');
  if (options.vary) reply.header('vary', options.vary);
  return reply.type(JSON_TYPE).send(body);
}
