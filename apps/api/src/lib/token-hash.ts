import { createHash } from 'node:crypto';

/**
 * What is stored in place of an opaque secret a client holds (a session cookie, an e-mailed link, a game launch or
 * session token, a chat visitor's token): its SHA-256, hex. The secrets are 32 random bytes, so a plain hash is enough
 * (no salt or stretching: nothing to guess), and a stolen table row opens nothing.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
