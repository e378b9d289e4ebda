/**
 * Provably fair randomness. Before a round the player sees SHA-256(serverSeed); the round's numbers are
 * HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}`) cut into floats; once the player rotates the seed
 * pair the server seed is revealed and every earlier round can be recomputed. Only WebCrypto is used, so the same code
 * verifies in the browser and plays on the server (Node 20 has `globalThis.crypto`).
 */

export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** Each HMAC block (32 bytes) gives eight floats of four bytes each. */
const FLOATS_PER_BLOCK = 8;
const BYTES_PER_FLOAT = 4;

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The commitment shown before any round: SHA-256 of the server seed's text, hex. */
export async function hashServerSeed(serverSeed: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(serverSeed)));
}

/**
 * Tests only (the api's TEST_SEEDS, refused unless the site is a loopback address): a server seed anyone can compute
 * from the client seed, so an end-to-end test can choose a client seed that deals the hand it needs. Never fair.
 */
export async function predictableServerSeed(clientSeed: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(`playhouse test seed:${clientSeed}`)));
}

/** A fresh server seed: 32 random bytes, hex. */
export function generateServerSeed(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return toHex(bytes.buffer);
}

/** A default client seed the player may replace: 10 random bytes, hex. */
export function generateClientSeed(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return toHex(bytes.buffer);
}

/**
 * The message of HMAC block `cursor`. Block 0 is exactly `${clientSeed}:${nonce}`; games that need more than eight
 * numbers continue with `${clientSeed}:${nonce}:${cursor}`.
 */
export function blockMessage(clientSeed: string, nonce: number, cursor: number): string {
  return cursor === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${cursor}`;
}

/** Four bytes as a float in [0, 1): b0/256 + b1/256² + b2/256³ + b3/256⁴. */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  let value = 0;
  let scale = 1;
  for (let index = 0; index < BYTES_PER_FLOAT; index += 1) {
    scale /= 256;
    value += bytes[offset + index]! * scale;
  }
  return value;
}

/** The first `count` floats of a round, in [0, 1). */
export async function fairFloats({ serverSeed, clientSeed, nonce }: FairSeeds, count: number): Promise<number[]> {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative integer');
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const floats: number[] = [];
  for (let cursor = 0; floats.length < count; cursor += 1) {
    const block = new Uint8Array(
      await crypto.subtle.sign('HMAC', key, encoder.encode(blockMessage(clientSeed, nonce, cursor))),
    );
    for (let index = 0; index < FLOATS_PER_BLOCK && floats.length < count; index += 1) {
      floats.push(bytesToFloat(block, index * BYTES_PER_FLOAT));
    }
  }
  return floats;
}
