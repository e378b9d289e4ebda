import { describe, expect, it } from 'vitest';
import { cookieZone, isTimeZone, rememberTimeZone } from './time-zone';

describe('time zone', () => {
  it('knows IANA zones and nothing else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Etc/GMT+5')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('../etc/passwd')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(undefined)).toBe(false);
  });

  it('reads the cookie encoded or not, and only a zone', () => {
    expect(cookieZone('Europe%2FBerlin')).toBe('Europe/Berlin');
    expect(cookieZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(cookieZone('%E0%A4%A')).toBeNull();
    expect(cookieZone(undefined)).toBeNull();
  });

  it("leaves the browser's zone in a cookie for a year, and writes it again only when it changed", () => {
    const doc = { cookie: 'NEXT_LOCALE=de' };
    let writes = 0;
    const jar = {
      get cookie() {
        return doc.cookie;
      },
      set cookie(value: string) {
        writes += 1;
        doc.cookie = `NEXT_LOCALE=de; ${value.split(';')[0]}`;
        expect(value).toBe(`${value.split(';')[0]}; Path=/; Max-Age=31536000; SameSite=Lax`);
      },
    };
    rememberTimeZone(jar, 'Europe/Berlin');
    expect(doc.cookie).toBe('NEXT_LOCALE=de; tz=Europe%2FBerlin');
    rememberTimeZone(jar, 'Europe/Berlin');
    expect(writes).toBe(1);
    rememberTimeZone(jar, 'Asia/Tokyo');
    expect(writes).toBe(2);
    rememberTimeZone(jar, 'Nowhere/Land');
    expect(writes).toBe(2);
  });
});
