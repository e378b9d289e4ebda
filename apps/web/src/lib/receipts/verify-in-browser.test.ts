import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReceiptKey } from '@playhouse/shared/contracts/receipts';
import { receiptsIn, verifyInBrowser } from './verify-in-browser';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
const keys: ReceiptKey[] = [
  {
    id: '0123456789abcdef',
    algorithm: 'Ed25519',
    publicKey: Buffer.from(raw).toString('base64'),
    pem: '',
    createdAt: '2026-11-27T00:00:00.000Z',
    retiredAt: null,
  },
];

function receipt(facts: Record<string, unknown>) {
  const payload = Buffer.from(JSON.stringify({ ...facts, keyId: '0123456789abcdef' }));
  return {
    format: 'playhouse-receipt/1',
    keyId: '0123456789abcdef',
    payload: payload.toString('base64'),
    signature: sign(null, payload, privateKey).toString('base64'),
  };
}

describe('verifying a receipt in the browser', () => {
  it('accepts a receipt as issued, with its facts', async () => {
    const verdict = await verifyInBrowser(receipt({ event: 'placement', stake: '10.00' }), keys);
    expect(verdict).toMatchObject({ valid: true, facts: { event: 'placement', stake: '10.00' } });
  });

  it('refuses one changed by one byte, an unknown key and garbage', async () => {
    const good = receipt({ event: 'placement', stake: '10.00' });
    const bytes = Buffer.from(good.payload, 'base64');
    bytes[bytes.indexOf('1')] = '9'.charCodeAt(0);
    expect(await verifyInBrowser({ ...good, payload: bytes.toString('base64') }, keys)).toMatchObject({
      valid: false,
      reason: 'bad_signature',
    });
    expect(await verifyInBrowser({ ...good, keyId: 'ffffffffffffffff' }, keys)).toMatchObject({
      valid: false,
      reason: 'unknown_key',
    });
    expect(await verifyInBrowser('no', keys)).toMatchObject({ valid: false, reason: 'malformed' });
  });

  it('reads a saved bundle, one receipt or a list', () => {
    expect(receiptsIn('{"receipts":[1,2]}')).toEqual([1, 2]);
    expect(receiptsIn('[1]')).toEqual([1]);
    expect(receiptsIn('{"format":"x"}')).toEqual([{ format: 'x' }]);
    expect(receiptsIn('not json')).toBeNull();
  });
});
