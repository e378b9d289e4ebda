import { hash } from 'node:crypto';

/**
 * What is stored in place of an opaque secret a client holds (a session cookie, an e-mailed link, a game launch or
 * session token, a chat visitor's token): its SHA-256, hex. The secrets are 32 random bytes, so a plain hash is enough
 * (no salt or stretching: nothing to guess), and a stolen table row opens nothing.
 */
export function hashToken(token: string): string {
  // The one-shot form: no Hash object per call (every signed-in request hashes its session cookie).
  return hash('sha256', token, 'hex');
}
