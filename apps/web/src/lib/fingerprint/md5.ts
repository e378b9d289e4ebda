import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * MD5 (RFC 1321) of a text's UTF-8 bytes, as 32 lowercase hex digits, from @noble/hashes (audited, no dependencies).
 * Browsers' SubtleCrypto has no MD5, and SPEC.md §4 compares fingerprints by it; it identifies, it protects nothing.
 */
export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}
