import { SPEC } from '@playhouse/shared/constants';
import murmurHash3 from 'murmurhash3js-revisited';
import { collectBrowserTraits, type Trait } from './browser-traits';
import { md5Hex } from './md5';

/** Local storage key of the last fingerprint hash the api accepted (SPEC.md §3). */
export const FINGERPRINT_STORAGE_KEY = 'fingerprintMd5Hash';

/** SPEC.md §9: the visitor fingerprint is MurmurHash3 x64 128-bit, seed 31, of the traits; 32 hex digits. */
export function visitorFingerprint(traits: readonly Trait[]): string {
  const text = traits.map(([name, value]) => `${name}:${value}`).join('~');
  return murmurHash3.x64.hash128(new TextEncoder().encode(text), SPEC.fingerprintSeed);
}

/** SPEC.md §4: the MD5 of the visitor fingerprint plus the user id, the value compared with the stored one. */
export function fingerprintHash(fingerprint: string, userId: number | string): string {
  return md5Hex(`${fingerprint}${userId}`);
}

export type FingerprintDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  collect?: () => Promise<readonly Trait[]>;
  /** Sends the fingerprint to the api (multipart field `fingerprint`). */
  send: (fingerprint: string) => Promise<void>;
  log?: (message: string, error: unknown) => void;
};

/**
 * Sends the fingerprint only when the hash of fingerprint plus user id differs from the stored one, and stores the
 * new hash once the api took it. A failure is only logged (SPEC.md §8). Resolves with whether it was sent.
 */
export async function syncFingerprint(userId: number | string, deps: FingerprintDeps): Promise<boolean> {
  const { storage, collect = collectBrowserTraits, send, log = console.warn } = deps;
  try {
    const fingerprint = visitorFingerprint(await collect());
    const hash = fingerprintHash(fingerprint, userId);
    if (storage.getItem(FINGERPRINT_STORAGE_KEY) === hash) return false;
    await send(fingerprint);
    storage.setItem(FINGERPRINT_STORAGE_KEY, hash);
    return true;
  } catch (error) {
    log('Fingerprint failed', error);
    return false;
  }
}
