import { describe, expect, it } from 'vitest';
import { preferredLocale } from './preferred-locale';

describe('preferredLocale', () => {
  it('takes the locale cookie first', () => {
    expect(preferredLocale('ru', 'de-DE,de;q=0.9')).toBe('ru');
  });

  it('ignores a cookie that is not a locale of the site', () => {
    expect(preferredLocale('fr', 'de-DE')).toBe('de');
  });

  it('takes the best-rated Accept-Language entry the site has', () => {
    expect(preferredLocale(undefined, 'fr-FR,fr;q=0.9,pt-BR;q=0.8,es;q=0.85')).toBe('es');
  });

  it('falls back to the default locale', () => {
    expect(preferredLocale(undefined, 'fr-FR,ja;q=0.5')).toBe('en');
    expect(preferredLocale(undefined, null)).toBe('en');
  });
});
