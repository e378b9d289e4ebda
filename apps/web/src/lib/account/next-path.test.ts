import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a site path and its query, without the locale prefix', () => {
    expect(safeNextPath('/cashbox')).toBe('/cashbox');
    expect(safeNextPath('/de/game/12?mode=real')).toBe('/game/12?mode=real');
    expect(safeNextPath('/en')).toBe('/');
  });

  it('refuses other hosts, schemes and the sign-in pages themselves', () => {
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('javascript:alert(1)')).toBe('/');
    expect(safeNextPath('/en/auth/login')).toBe('/');
    expect(safeNextPath(null, '/cashbox')).toBe('/cashbox');
  });
});
