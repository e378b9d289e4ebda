// @vitest-environment node
import { createHash } from 'node:crypto';
import { leadingZeroBits } from '@playhouse/shared/contracts/accounts';
import { describe, expect, it, vi } from 'vitest';
import { solveCaptcha } from './solve-captcha';

const hash = (text: string) => createHash('sha256').update(text).digest();

describe('solveCaptcha', () => {
  it('finds the first nonce whose sha256 has the required leading zero bits', async () => {
    const challenge = { token: 'signed.token', difficulty: 10 };
    const { token, nonce } = await solveCaptcha(challenge);
    expect(token).toBe('signed.token');
    expect(leadingZeroBits(hash(`signed.token:${nonce}`))).toBeGreaterThanOrEqual(10);
    for (let earlier = 0; earlier < Number(nonce); earlier += 1) {
      expect(leadingZeroBits(hash(`signed.token:${earlier}`))).toBeLessThan(10);
    }
  });

  it('reports progress against the expected work and ends at 1', async () => {
    const progress: number[] = [];
    await solveCaptcha({ token: 't', difficulty: 12 }, { batchSize: 64, onProgress: (share) => progress.push(share) });
    expect(progress.at(-1)).toBe(1);
    expect(progress.slice(0, -1).every((share) => share > 0 && share < 1)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const digest = vi.fn(async () => new Uint8Array([255]));
    const solving = solveCaptcha({ token: 't', difficulty: 30 }, { digest, signal: controller.signal, batchSize: 8 });
    controller.abort();
    await expect(solving).rejects.toThrow();
  });
});
