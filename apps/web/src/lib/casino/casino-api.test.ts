import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchGames } from './casino-api';

const fetchMock = vi.fn<typeof fetch>();

describe('the games list call (SPEC.md §7.7)', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends imageSizeFilter[], aspectRatio[], breakpoint[], sort, offset, limit, withCategory and categorySlug', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ games: [] }));
    await fetchGames('de', { categorySlug: 'slots' }, 2);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://site.test');
    expect(url.pathname).toBe('/spa/games');
    expect(url.searchParams.getAll('imageSizeFilter[]')).toEqual(['600_400_out']);
    expect(url.searchParams.getAll('aspectRatio[]')).toEqual(['3x2']);
    expect(url.searchParams.getAll('breakpoint[]')).toEqual(['0', '768']);
    expect(
      Object.fromEntries(
        ['sort', 'offset', 'limit', 'withCategory', 'categorySlug'].map((key) => [key, url.searchParams.get(key)]),
      ),
    ).toEqual({
      sort: '0',
      offset: '2',
      limit: '6',
      withCategory: '0',
      categorySlug: 'slots',
    });
  });
});
