import { describe, expect, it, vi } from 'vitest';
import { TIMEZONE_CHECK_STORAGE_KEY, syncTimezone, timezoneCheckDue } from './timezone-sync';

const DAY = 86_400_000;

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('timezone call', () => {
  it('is due when never made, for another user, or 24 hours (86400000 ms) later', () => {
    const t0 = 1_700_000_000_000;
    expect(timezoneCheckDue(null, '7', t0)).toBe(true);
    expect(timezoneCheckDue({ userId: '7', checkedAt: t0 }, '7', t0 + DAY - 1)).toBe(false);
    expect(timezoneCheckDue({ userId: '7', checkedAt: t0 }, '7', t0 + DAY)).toBe(true);
    expect(timezoneCheckDue({ userId: '7', checkedAt: t0 }, '8', t0 + 1)).toBe(true);
  });

  it('sends the browser time zone and remembers when', async () => {
    const storage = memoryStorage();
    const send = vi.fn(async () => undefined);
    const sent = await syncTimezone(7, { storage, now: () => 1000, timezone: () => 'Europe/Berlin', send });
    expect(sent).toBe(true);
    expect(send).toHaveBeenCalledWith('Europe/Berlin');
    expect(JSON.parse(storage.data.get(TIMEZONE_CHECK_STORAGE_KEY)!)).toEqual({ userId: '7', checkedAt: 1000 });
  });

  it('makes at most one call per 24 hours', async () => {
    const storage = memoryStorage();
    const send = vi.fn(async () => undefined);
    let clock = 5_000;
    const deps = { storage, now: () => clock, timezone: () => 'UTC', send };
    await syncTimezone(7, deps);
    clock += DAY - 1;
    await syncTimezone(7, deps);
    expect(send).toHaveBeenCalledTimes(1);
    clock += 1;
    await syncTimezone(7, deps);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('logs a failure and tries again next time', async () => {
    const storage = memoryStorage();
    const log = vi.fn();
    await syncTimezone(7, { storage, send: async () => Promise.reject(new Error('x')), log });
    expect(log).toHaveBeenCalled();
    expect(storage.data.has(TIMEZONE_CHECK_STORAGE_KEY)).toBe(false);
  });

  it('treats an unreadable stored value as never checked', async () => {
    const storage = memoryStorage({ [TIMEZONE_CHECK_STORAGE_KEY]: '{oops' });
    const send = vi.fn(async () => undefined);
    await expect(syncTimezone(7, { storage, send })).resolves.toBe(true);
  });
});
