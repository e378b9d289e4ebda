import { describe, expect, it } from 'vitest';
import { hashedRequest, IdempotencyConflictError, keyedRequest, requestHash } from './idempotency';

interface Row {
  id: number;
  requestHash: string;
}

describe('one request per idempotency key', () => {
  const hash = requestHash(['deposit', 'card', '2500']);

  it('answers nothing earlier for a new key, and the row its own insert made', async () => {
    const once = hashedRequest<Row>(hash, async () => null);
    expect(await once.earlier()).toBeUndefined();
    expect(await once.winner({ id: 1, requestHash: hash })).toEqual({
      row: { id: 1, requestHash: hash },
      replayed: false,
    });
  });

  it('answers the earlier row to a repeat of the same request', async () => {
    const earlier = { id: 7, requestHash: hash };
    const once = hashedRequest<Row>(hash, async () => earlier);
    expect(await once.earlier()).toBe(earlier);
  });

  it('refuses the key reused for another request, before and after losing the insert', async () => {
    const other = { id: 7, requestHash: requestHash(['deposit', 'card', '2600']) };
    const once = hashedRequest<Row>(hash, async () => other);
    await expect(once.earlier()).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(once.winner(null)).rejects.toMatchObject({ code: 'idempotency_key_reused', statusCode: 409 });
  });

  it("answers the twin's row when a twin with the same key won the insert", async () => {
    const table = new Map<string, Row>();
    const once = hashedRequest<Row>(hash, async () => table.get('key'));
    expect(await once.earlier()).toBeUndefined();
    table.set('key', { id: 9, requestHash: hash });
    expect(await once.winner(null)).toEqual({ row: { id: 9, requestHash: hash }, replayed: true });
  });

  it('compares rows that keep no fingerprint with the given test', async () => {
    const once = keyedRequest(
      async () => ({ kind: 'adjustment', payload: '{"amount":"10.00"}' }),
      (row) => row.kind === 'adjustment' && row.payload === '{"amount":"10.00"}',
    );
    expect(await once.winner(null)).toMatchObject({ replayed: true });
  });

  it('fingerprints the same request alike and another request apart', () => {
    expect(requestHash(['bet', { amount: 1 }])).toBe(requestHash(['bet', { amount: 1 }]));
    expect(requestHash(['bet', { amount: 1 }])).not.toBe(requestHash(['win', { amount: 1 }]));
  });
});
