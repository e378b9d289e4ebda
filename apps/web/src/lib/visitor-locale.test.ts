import { describe, expect, it } from 'vitest';
import { visitorLocale } from './visitor-locale';

describe('visitorLocale', () => {
  it('takes the locale cookie first', () => {
    expect(visitorLocale('a=1; NEXT_LOCALE=ru; b=2', 'NEXT_LOCALE', ['de-DE'])).toBe('ru');
  });

  it('ignores a cookie that is not a locale of the site', () => {
    expect(visitorLocale('NEXT_LOCALE=fr', 'NEXT_LOCALE', ['de-DE', 'en'])).toBe('de');
  });

  it('takes the first browser language the site has', () => {
    expect(visitorLocale('', 'NEXT_LOCALE', ['fr-FR', 'pt-BR', 'es'])).toBe('pt');
  });

  it('falls back to the default locale', () => {
    expect(visitorLocale('', 'NEXT_LOCALE', ['fr-FR', 'ja'])).toBe('en');
  });
});
