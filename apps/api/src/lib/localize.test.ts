import { describe, expect, it } from 'vitest';
import { localize } from './localize';

describe('localize', () => {
  const context = { locale: 'de', defaultLocale: 'en' } as const;

  it('picks the request locale, then the default locale, then nothing', () => {
    expect(localize({ en: 'Slots', de: 'Spielautomaten' }, context)).toBe('Spielautomaten');
    expect(localize({ en: 'Slots' }, context)).toBe('Slots');
    expect(localize({ ru: 'Слоты' }, context)).toBe('');
    expect(localize(null, context)).toBe('');
  });

  it('treats an empty translation as missing', () => {
    expect(localize({ en: 'Slots', de: '' }, context)).toBe('Slots');
  });
});
