import {
  captchaInput,
  leadingZeroBits,
  type CaptchaChallenge,
  type CaptchaSolution,
} from '@playhouse/shared/contracts/accounts';

export type Digest = (input: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>;

const sha256: Digest = async (input) => new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', input));

export type SolveOptions = {
  digest?: Digest;
  /** Share of the expected work done so far, 0 to 1 (it stays below 1 until a nonce is found). */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  /** Hashes computed between two yields to the page, so the form stays responsive while it works. */
  batchSize?: number;
};

/**
 * The proof-of-work captcha: the first nonce (counting from 0) for which sha256(`${token}:${nonce}`) starts with
 * `difficulty` zero bits. It takes 2^difficulty tries on average; progress is reported against that.
 */
export async function solveCaptcha(
  challenge: CaptchaChallenge,
  { digest = sha256, onProgress, signal, batchSize = 256 }: SolveOptions = {},
): Promise<CaptchaSolution> {
  const encoder = new TextEncoder();
  const expectedTries = 2 ** challenge.difficulty;
  for (let start = 0; ; start += batchSize) {
    signal?.throwIfAborted();
    const nonces = Array.from({ length: batchSize }, (_, index) => start + index);
    const digests = await Promise.all(
      nonces.map((nonce) => digest(encoder.encode(captchaInput(challenge.token, String(nonce))))),
    );
    const found = digests.findIndex((bytes) => leadingZeroBits(bytes) >= challenge.difficulty);
    if (found >= 0) {
      onProgress?.(1);
      return { token: challenge.token, nonce: String(nonces[found]) };
    }
    onProgress?.(Math.min(0.99, (start + batchSize) / expectedTries));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
