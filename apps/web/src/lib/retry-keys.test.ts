import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createRetryKeys } from './retry-keys';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('retry keys', () => {
  it('gives a submission whose answer was lost the same key again, also in a reloaded page', async () => {
    const storage = memoryStorage();
    const keys = createRetryKeys('bets', () => storage);
    const sent: string[] = [];
    await expect(
      keys.send('bet A', async (key) => {
        sent.push(key);
        throw new ApiError(0, 'network_error', 'Failed to fetch');
      }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(
      keys.send('bet A', async (key) => {
        sent.push(key);
        throw new ApiError(503, 'service_unavailable', 'Retry');
      }),
    ).rejects.toBeInstanceOf(ApiError);
    // The page is reloaded: a new instance reads the same tab's storage.
    const reloaded = createRetryKeys('bets', () => storage);
    await reloaded.send('bet A', async (key) => sent.push(key));
    expect(new Set(sent).size).toBe(1);
    // Answered: the same submission sent again is a new one.
    await reloaded.send('bet A', async (key) => sent.push(key));
    expect(sent[3]).not.toBe(sent[0]);
  });

  it('drops the key of a refused submission and keeps other submissions apart', async () => {
    const keys = createRetryKeys('deposits', () => memoryStorage());
    const first = keys.keyFor('deposit 10');
    expect(keys.keyFor('deposit 20')).not.toBe(first);
    await expect(
      keys.send('deposit 10', async () => {
        throw new ApiError(409, 'deposit_limit_reached', 'No.');
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(keys.keyFor('deposit 10')).not.toBe(first);
  });

  it('works without storage (blocked): the keys hold for the page', () => {
    const keys = createRetryKeys('bets', () => undefined);
    expect(keys.keyFor('x')).toBe(keys.keyFor('x'));
  });
});
