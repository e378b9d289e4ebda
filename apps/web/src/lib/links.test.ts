import { describe, expect, it } from 'vitest';
import { categoryHref, parseConfiguredHref, toAppPath } from './links';

describe('categoryHref', () => {
  it('leads to the head game when the category has one', () => {
    expect(categoryHref({ slug: 'live-casino', headGameSlug: 'lightning-roulette' })).toBe('/game/lightning-roulette');
  });

  it('leads to the category page otherwise', () => {
    expect(categoryHref({ slug: 'slots', headGameSlug: null })).toBe('/category/slots');
    // The menu's Sports entry leads to the sportsbook, not to a game page that does not exist.
    expect(categoryHref({ slug: 'sports', headGameSlug: 'prematch-mts' })).toBe('/sports');
    expect(categoryHref({ slug: 'slots', headGameSlug: '' })).toBe('/category/slots');
  });
});

describe('toAppPath', () => {
  it.each([
    ['casino', '/casino'],
    ['/casino', '/casino'],
    ['category/slots', '/category/slots'],
    ['', '/'],
    ['  ', '/'],
  ])('reads %j as %j', (input, output) => {
    expect(toAppPath(input)).toBe(output);
  });
});

describe('parseConfiguredHref', () => {
  it('keeps full web addresses and mail links external', () => {
    expect(parseConfiguredHref('https://example.com/a?b=1')).toEqual({
      kind: 'external',
      href: 'https://example.com/a?b=1',
    });
    expect(parseConfiguredHref('mailto:help@example.com')).toEqual({
      kind: 'external',
      href: 'mailto:help@example.com',
    });
  });

  it('reads site paths with and without a locale, keeping the query', () => {
    expect(parseConfiguredHref('/category/slots')).toEqual({
      kind: 'internal',
      path: '/category/slots',
      search: '',
      locale: null,
    });
    expect(parseConfiguredHref('/de/category/slots?x=1')).toEqual({
      kind: 'internal',
      path: '/category/slots',
      search: '?x=1',
      locale: 'de',
    });
    expect(parseConfiguredHref('app-page')).toEqual({ kind: 'internal', path: '/app-page', search: '', locale: null });
    expect(parseConfiguredHref('/ru')).toEqual({ kind: 'internal', path: '/', search: '', locale: 'ru' });
  });

  it('refuses empty values and other schemes', () => {
    expect(parseConfiguredHref('')).toBeNull();
    expect(parseConfiguredHref('javascript:alert(1)')).toBeNull();
    expect(parseConfiguredHref('data:text/html,hi')).toBeNull();
  });
});
