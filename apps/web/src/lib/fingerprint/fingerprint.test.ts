import { afterEach, describe, expect, it, vi } from 'vitest';
import { audioTrait, collectBrowserTraits, withTimeout, type Trait } from './browser-traits';
import { FINGERPRINT_STORAGE_KEY, fingerprintHash, syncFingerprint, visitorFingerprint } from './fingerprint';
import { md5Hex } from './md5';

const TRAITS: Trait[] = [
  ['userAgent', 'Test/1.0'],
  ['screen', '360x740'],
];

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('visitor fingerprint', () => {
  it('is a 128-bit MurmurHash3 (x64, seed 31) of the traits, as 32 hex digits', () => {
    const fingerprint = visitorFingerprint(TRAITS);
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorFingerprint(TRAITS)).toBe(fingerprint);
    expect(visitorFingerprint([...TRAITS, ['audio', 'timeout']])).not.toBe(fingerprint);
  });

  it('uses seed 31 of MurmurHash3 x64 128', async () => {
    const murmur = (await import('murmurhash3js-revisited')).default;
    const bytes = new TextEncoder().encode('userAgent:Test/1.0~screen:360x740');
    expect(visitorFingerprint(TRAITS)).toBe(murmur.x64.hash128(bytes, 31));
    expect(visitorFingerprint(TRAITS)).not.toBe(murmur.x64.hash128(bytes, 0));
  });

  it('is compared by the MD5 of fingerprint plus user id', () => {
    expect(fingerprintHash('abc', 7)).toBe(md5Hex('abc7'));
    expect(fingerprintHash('abc', 7)).not.toBe(fingerprintHash('abc', 8));
  });
});

describe('syncFingerprint', () => {
  it('sends the fingerprint and stores the hash when nothing is stored', async () => {
    const storage = memoryStorage();
    const send = vi.fn(async () => undefined);
    await expect(syncFingerprint(7, { storage, collect: async () => TRAITS, send })).resolves.toBe(true);
    const fingerprint = visitorFingerprint(TRAITS);
    expect(send).toHaveBeenCalledWith(fingerprint);
    expect(storage.data.get(FINGERPRINT_STORAGE_KEY)).toBe(fingerprintHash(fingerprint, 7));
  });

  it('sends nothing when the stored hash is the same', async () => {
    const fingerprint = visitorFingerprint(TRAITS);
    const storage = memoryStorage({ [FINGERPRINT_STORAGE_KEY]: fingerprintHash(fingerprint, 7) });
    const send = vi.fn(async () => undefined);
    await expect(syncFingerprint(7, { storage, collect: async () => TRAITS, send })).resolves.toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends again for another user on the same browser', async () => {
    const fingerprint = visitorFingerprint(TRAITS);
    const storage = memoryStorage({ [FINGERPRINT_STORAGE_KEY]: fingerprintHash(fingerprint, 7) });
    const send = vi.fn(async () => undefined);
    await syncFingerprint(8, { storage, collect: async () => TRAITS, send });
    expect(send).toHaveBeenCalledOnce();
    expect(storage.data.get(FINGERPRINT_STORAGE_KEY)).toBe(fingerprintHash(fingerprint, 8));
  });

  it('only logs a failure and keeps the old hash, so the next visit tries again', async () => {
    const storage = memoryStorage({ [FINGERPRINT_STORAGE_KEY]: 'old' });
    const log = vi.fn();
    const failure = new Error('offline');
    const sent = await syncFingerprint(7, {
      storage,
      collect: async () => TRAITS,
      send: async () => Promise.reject(failure),
      log,
    });
    expect(sent).toBe(false);
    expect(log).toHaveBeenCalledWith('Fingerprint failed', failure);
    expect(storage.data.get(FINGERPRINT_STORAGE_KEY)).toBe('old');
  });
});

describe('browser traits', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up on the audio step after 1000 ms', async () => {
    vi.useFakeTimers();
    class StuckAudioContext {
      createOscillator() {
        return { type: '', frequency: { value: 0 }, connect: () => undefined, start: () => undefined };
      }
      createDynamicsCompressor() {
        const param = () => ({ value: 0 });
        return {
          threshold: param(),
          knee: param(),
          ratio: param(),
          attack: param(),
          release: param(),
          connect: () => undefined,
        };
      }
      destination = {};
      startRendering() {
        return new Promise(() => undefined);
      }
    }
    vi.stubGlobal('OfflineAudioContext', StuckAudioContext);
    const result = audioTrait();
    await vi.advanceTimersByTimeAsync(999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('timeout');
  });

  it('withTimeout answers with the work when it is in time', async () => {
    await expect(withTimeout(Promise.resolve('done'), 1000, 'timeout')).resolves.toBe('done');
  });

  it('collects every trait in order, marking what the browser lacks', async () => {
    vi.stubGlobal('OfflineAudioContext', undefined);
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const traits = await collectBrowserTraits();
    expect(traits.map(([name]) => name)).toEqual([
      'userAgent',
      'language',
      'languages',
      'platform',
      'hardwareConcurrency',
      'deviceMemory',
      'maxTouchPoints',
      'cookieEnabled',
      'screen',
      'timeZone',
      'timezoneOffset',
      'canvas',
      'graphics',
      'fonts',
      'audio',
    ]);
    expect(Object.fromEntries(traits)).toMatchObject({
      userAgent: navigator.userAgent,
      canvas: 'unsupported',
      audio: 'unsupported',
    });
    getContext.mockRestore();
  });
});
