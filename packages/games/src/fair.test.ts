import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blockMessage, bytesToFloat, fairFloats, generateClientSeed, generateServerSeed, hashServerSeed } from './fair';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player-seed', nonce: 7 };

/** The same derivation written against node:crypto: what an independent verifier would compute. */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const floats: number[] = [];
  for (let cursor = 0; floats.length < count; cursor += 1) {
    const message = cursor === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${cursor}`;
    const block = createHmac('sha256', serverSeed).update(message).digest();
    for (let offset = 0; offset < 32 && floats.length < count; offset += 4) {
      floats.push(block.readUInt32BE(offset) / 2 ** 32);
    }
  }
  return floats;
}

describe('provably fair floats', () => {
  it('commits to the server seed with its SHA-256', async () => {
    expect(await hashServerSeed(seeds.serverSeed)).toBe(createHash('sha256').update(seeds.serverSeed).digest('hex'));
  });

  it('derives floats from HMAC-SHA256(serverSeed, "clientSeed:nonce") exactly as an independent verifier does', async () => {
    expect(await fairFloats(seeds, 8)).toEqual(referenceFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 8));
  });

  it('continues with "clientSeed:nonce:cursor" blocks when a round needs more than eight floats', async () => {
    const floats = await fairFloats(seeds, 20);
    expect(floats).toHaveLength(20);
    expect(floats).toEqual(referenceFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 20));
    expect(blockMessage('c', 3, 0)).toBe('c:3');
    expect(blockMessage('c', 3, 2)).toBe('c:3:2');
  });

  it('gives different numbers for another nonce, client seed or server seed', async () => {
    const [base] = await fairFloats(seeds, 1);
    expect((await fairFloats({ ...seeds, nonce: 8 }, 1))[0]).not.toBe(base);
    expect((await fairFloats({ ...seeds, clientSeed: 'other' }, 1))[0]).not.toBe(base);
    expect((await fairFloats({ ...seeds, serverSeed: 'b'.repeat(64) }, 1))[0]).not.toBe(base);
  });

  it('reads four bytes big-endian as a float in [0, 1)', () => {
    expect(bytesToFloat(new Uint8Array([0, 0, 0, 0]), 0)).toBe(0);
    expect(bytesToFloat(new Uint8Array([128, 0, 0, 0]), 0)).toBe(0.5);
    expect(bytesToFloat(new Uint8Array([255, 255, 255, 255]), 0)).toBeLessThan(1);
  });

  it('refuses a negative or fractional nonce', async () => {
    await expect(fairFloats({ ...seeds, nonce: -1 }, 1)).rejects.toThrow(RangeError);
    await expect(fairFloats({ ...seeds, nonce: 1.5 }, 1)).rejects.toThrow(RangeError);
  });

  it('makes random hex seeds of the documented lengths', () => {
    expect(generateServerSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(generateClientSeed()).toMatch(/^[0-9a-f]{20}$/);
    expect(generateServerSeed()).not.toBe(generateServerSeed());
  });

  it(
    'spreads the floats evenly over [0, 1) (chi-square over 20 buckets, 20,000 rounds)',
    { timeout: 300_000 },
    async () => {
      const buckets = new Array<number>(20).fill(0);
      const rounds = 20_000;
      for (let nonce = 0; nonce < rounds; nonce += 1) {
        const [float] = await fairFloats({ ...seeds, nonce }, 1);
        buckets[Math.floor(float! * 20)]! += 1;
      }
      const expected = rounds / 20;
      const chiSquare = buckets.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
      // 19 degrees of freedom: 43.8 is the 0.001 critical value.
      expect(chiSquare).toBeLessThan(43.8);
    },
  );
});
