import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  keyIdOf,
  publicKeyFromRaw,
  rawPublicKey,
  signReceipt,
  verifyReceipt,
  type ReceiptDocument,
} from './receipt-crypto';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const key = { id: keyIdOf(publicKey), privateKey };
const keys = new Map([[key.id, publicKey]]);
const facts = {
  kind: 'sports_bet',
  event: 'placement',
  betId: 'b7d1',
  player: 17,
  stake: '50.00',
  currency: 'EUR',
  odds: '1.43',
  issuedAt: '2026-11-27T20:00:00.000Z',
  transfers: [{ id: 901, kind: 'sports_stake', amount: '-50.00' }],
};

describe('receipts', () => {
  it('canonical JSON sorts keys at every depth and leaves no white space', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } })).toBe('{"a":{"c":"x","d":[true,null]},"b":1}');
  });

  it('a signed receipt verifies, and names the key that signed it', () => {
    const receipt = signReceipt(facts, key);
    const verdict = verifyReceipt(receipt, keys);
    expect(verdict).toEqual({ valid: true, keyId: key.id, facts: { ...facts, keyId: key.id } });
  });

  it('a receipt changed by one byte, of the payload or of the signature, fails', () => {
    const receipt = signReceipt(facts, key);
    const payload = Buffer.from(receipt.payload, 'base64');
    for (let index = 0; index < payload.length; index += 7) {
      const changed = Buffer.from(payload);
      changed[index] = changed[index]! ^ 0x01;
      const verdict = verifyReceipt({ ...receipt, payload: changed.toString('base64') }, keys);
      expect(verdict.valid, `byte ${index}`).toBe(false);
    }
    const signature = Buffer.from(receipt.signature, 'base64');
    signature[10] = signature[10]! ^ 0x80;
    expect(verifyReceipt({ ...receipt, signature: signature.toString('base64') }, keys)).toEqual({
      valid: false,
      reason: 'bad_signature',
    });
  });

  it('refuses unknown keys, a key id swapped for another published one, and garbage', () => {
    const other = generateKeyPairSync('ed25519');
    const otherId = keyIdOf(other.publicKey);
    const receipt = signReceipt(facts, key);
    expect(verifyReceipt({ ...receipt, keyId: otherId }, keys)).toEqual({ valid: false, reason: 'unknown_key' });
    const both = new Map([...keys, [otherId, other.publicKey]]);
    expect(verifyReceipt({ ...receipt, keyId: otherId }, both).valid).toBe(false);
    for (const garbage of [null, 'text', { format: 'other' }, { ...receipt, payload: `${receipt.payload}!` }]) {
      expect(verifyReceipt(garbage, keys).valid).toBe(false);
    }
  });

  it('publishes keys as 32 raw bytes that give the same key back', () => {
    const raw = rawPublicKey(publicKey).toString('base64');
    const again = publicKeyFromRaw(raw);
    expect(keyIdOf(again)).toBe(key.id);
    expect(verifyReceipt(signReceipt(facts, key), new Map([[key.id, again]])).valid).toBe(true);
  });

  it('verifies offline with openssl, as docs/operations.md shows', () => {
    const receipt: ReceiptDocument = signReceipt(facts, key);
    const dir = mkdtempSync(path.join(tmpdir(), 'receipt-openssl-'));
    try {
      writeFileSync(path.join(dir, 'key.pem'), publicKey.export({ format: 'pem', type: 'spki' }));
      writeFileSync(path.join(dir, 'payload.bin'), Buffer.from(receipt.payload, 'base64'));
      writeFileSync(path.join(dir, 'signature.bin'), Buffer.from(receipt.signature, 'base64'));
      const verify = () =>
        execFileSync(
          'openssl',
          [
            'pkeyutl',
            '-verify',
            '-pubin',
            '-inkey',
            'key.pem',
            '-rawin',
            '-in',
            'payload.bin',
            '-sigfile',
            'signature.bin',
          ],
          { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
        );
      expect(verify()).toContain('Signature Verified Successfully');
      const changed = Buffer.from(receipt.payload, 'base64');
      changed[5] = changed[5]! ^ 0x01;
      writeFileSync(path.join(dir, 'payload.bin'), changed);
      expect(verify).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
