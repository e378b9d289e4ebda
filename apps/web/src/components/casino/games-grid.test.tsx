import type { Game } from '@playhouse/shared/contracts/casino';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { GamesGrid } from './games-grid';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const fetchMock = vi.fn<typeof fetch>();

function game(id: number, overrides: Partial<Game> = {}): Game {
  return {
    id,
    slug: `game-${id}`,
    title: `Game ${id}`,
    images: [
      { imagePath: `/g/${id}-300.png`, imagePathWebp: `/g/${id}-300.webp`, width: 300, height: 200, breakpoint: 0 },
      { imagePath: `/g/${id}-600.png`, imagePathWebp: `/g/${id}-600.webp`, width: 600, height: 400, breakpoint: 768 },
    ],
    isLiked: false,
    isLocked: false,
    demoModeEnabled: false,
    provider: { slug: 'netstar', title: 'NetStar Gaming' },
    ...overrides,
  };
}

const page = (ids: number[]) => ids.map((id) => game(id));
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('GamesGrid', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    navigationState.reset('/en/category/slots');
    localStorage.clear();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each game with WebP and PNG sources by breakpoint; visitors get Play → register and Demo, no heart', () => {
    const first = [game(1, { demoModeEnabled: true }), ...page([2, 3])];
    const { container } = renderWithProviders(
      <GamesGrid lng="en" selection={{ categorySlug: 'slots' }} initialGames={first} label="Slots" />,
    );
    const sources = [...container.querySelectorAll('article')[0]!.querySelectorAll('source')];
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('media'), source.srcset])).toEqual(
      [
        ['image/webp', '(min-width: 768px)', '/g/1-600.webp'],
        ['image/webp', null, '/g/1-300.webp'],
        ['image/png', '(min-width: 768px)', '/g/1-600.png'],
        ['image/png', null, '/g/1-300.png'],
      ],
    );
    expect(screen.getByRole('link', { name: 'Play Game 1' }).getAttribute('href')).toBe('/en/auth/register');
    expect(screen.getByRole('link', { name: 'Play Game 1 in demo mode' }).getAttribute('href')).toBe(
      '/en/game/game-1?mode=demo',
    );
    expect(screen.queryByRole('link', { name: 'Play Game 2 in demo mode' })).toBeNull();
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads more from page 2 while pages come, and drops the button at the first empty page', async () => {
    fetchMock.mockResolvedValueOnce(json({ games: page([7, 8, 9, 10, 11, 12]) }));
    fetchMock.mockResolvedValueOnce(json({ games: [] }));
    renderWithProviders(
      <GamesGrid
        lng="en"
        selection={{ categorySlug: 'slots' }}
        initialGames={page([1, 2, 3, 4, 5, 6])}
        label="Slots"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(String(fetchMock.mock.calls[0]![0])).toContain('offset=2&limit=6');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('categorySlug=slots');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Load more|Loading more/ })).toBeNull());
    expect(String(fetchMock.mock.calls[1]![0])).toContain('offset=3');
  });

  it('logs a failed load more and clears its indicator', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'internal_error', message: 'x' }, requestId: 'r' }, 500));
    renderWithProviders(
      <GamesGrid
        lng="en"
        selection={{ categorySlug: 'slots' }}
        initialGames={page([1, 2, 3, 4, 5, 6])}
        label="Slots"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getByRole('button', { name: 'Loading more games…' })).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).not.toBeNull());
    expect(logged).toHaveBeenCalled();
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });

  it('opens the locked popup with a deposit link to the cashbox instead of the game', () => {
    renderWithProviders(<GamesGrid lng="en" selection={{}} initialGames={[game(1, { isLocked: true })]} label="All" />);
    fireEvent.click(screen.getByRole('button', { name: 'Play Game 1 (locked: find out how to unlock it)' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('This game unlocks with your first deposit.');
    expect(screen.getByRole('link', { name: 'Make a deposit' }).getAttribute('href')).toBe('/en/cashbox');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Make a deposit' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives a signed-in player their own first page, Play to the game, and a heart that flips only on 200', async () => {
    const store = makeStore();
    store.dispatch(login({ id: 7, login: 'p@example.com', username: 'p' }));
    fetchMock.mockResolvedValueOnce(json({ games: [game(1, { demoModeEnabled: true }), game(2, { isLiked: true })] }));
    renderWithProviders(
      <GamesGrid lng="en" selection={{ categorySlug: 'slots' }} initialGames={page([1])} label="Slots" />,
      {
        store,
      },
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Play Game 1' }).getAttribute('href')).toBe('/en/game/game-1');
    expect(screen.queryByRole('link', { name: /demo mode/ })).toBeNull();
    const heart = screen.getByRole('button', { name: 'Add Game 1 to favourites' });
    expect(heart.querySelector('svg')?.getAttribute('width')).toBe('24');

    fetchMock.mockResolvedValueOnce(json({ error: { code: 'unauthorized', message: 'x' }, requestId: 'r' }, 401));
    await act(async () => {
      fireEvent.click(heart);
    });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByRole('status').textContent).toBe('The favourite could not be saved. Please try again.');

    fetchMock.mockResolvedValueOnce(json({ isLiked: true }));
    fireEvent.click(heart);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Game 1 from favourites' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/spa/games/1/favourite');
  });
});
