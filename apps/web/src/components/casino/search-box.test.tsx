import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { SearchBox } from './search-box';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const fetchMock = vi.fn<typeof fetch>();

function suggestions(page: number, count: number, total: number) {
  const items = Array.from({ length: count }, (_, index) => {
    const id = (page - 1) * 10 + index + 1;
    return { id, slug: `game-${id}`, title: `Game ${id}` };
  });
  return new Response(JSON.stringify({ items, page, perPage: 10, total }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

const requestedUrls = () => fetchMock.mock.calls.map(([url]) => String(url));

async function typeAndWait(text: string, ms = 500) {
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('SearchBox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    navigationState.reset('/en/category/slots');
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('expands on click and asks for 10 suggestions 500 ms after typing stops', async () => {
    fetchMock.mockImplementation(async () => suggestions(1, 3, 3));
    renderWithProviders(<SearchBox lng="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search games' }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'go' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'gold' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(requestedUrls()).toEqual(['/spa/games/search?search=gold&page=1&perPage=10']);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Game 1', 'Game 2', 'Game 3']);
    expect(screen.getByRole('link', { name: 'Game 1' }).getAttribute('href')).toBe('/en/game/game-1');
  });

  it('never sends whitespace, and an emptied box clears the results', async () => {
    fetchMock.mockImplementation(async () => suggestions(1, 2, 2));
    renderWithProviders(<SearchBox lng="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search games' }));
    await typeAndWait('   ');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.submit(screen.getByRole('search'));
    expect(navigationState.push).not.toHaveBeenCalled();
    await typeAndWait('dice');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    await typeAndWait('');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('shows the not-found text when nothing matches', async () => {
    fetchMock.mockImplementation(async () => suggestions(1, 0, 0));
    renderWithProviders(<SearchBox lng="de" />, { locale: 'de' });
    fireEvent.click(screen.getByRole('button', { name: 'Spiele suchen' }));
    await typeAndWait('zzz');
    expect(screen.getByRole('status').textContent).toBe('Kein Spiel passt zu deiner Suche.');
  });

  it('loads the next page within 200 px of the end, with a Loading... row meanwhile', async () => {
    fetchMock.mockResolvedValueOnce(suggestions(1, 10, 15));
    renderWithProviders(<SearchBox lng="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search games' }));
    await typeAndWait('game');
    const list = screen.getByRole('list', { name: 'Suggested games' });
    Object.defineProperties(list, {
      scrollHeight: { configurable: true, value: 1000 },
      clientHeight: { configurable: true, value: 300 },
    });
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    list.scrollTop = 400;
    fireEvent.scroll(list);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    list.scrollTop = 500;
    fireEvent.scroll(list);
    expect(requestedUrls()[1]).toBe('/spa/games/search?search=game&page=2&perPage=10');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await act(async () => {
      answer(suggestions(2, 5, 15));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getAllByRole('link')).toHaveLength(15);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.scroll(list);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('goes to the search page on Enter with the trimmed term, and closing resets everything', async () => {
    fetchMock.mockImplementation(async () => suggestions(1, 2, 2));
    renderWithProviders(<SearchBox lng="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search games' }));
    await typeAndWait('  book  ');
    fireEvent.submit(screen.getByRole('search'));
    expect(navigationState.push).toHaveBeenCalledWith('/en/search?searchValue=book');
    fireEvent.click(screen.getByRole('button', { name: 'Search games' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    await typeAndWait('dice');
    fireEvent.click(screen.getByRole('button', { name: 'Close the search' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search games' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
