import { act, fireEvent, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import type { Match, SportMatchesResponse } from '@playhouse/shared/contracts/sports';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchSportMatches } from '@/lib/sports/sports-api';
import { makeStore } from '@/store/store';
import { seededMessages } from '@/test/messages';
import { navigationState } from '@/test/navigation-mock';
import { topOfferLabels } from '@/test/labels';
import { renderWithProviders } from '@/test/render';
import { oddTypeStore } from '../odds/odd-type-store';
import { TopOfferBlock } from './top-offer-block';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);
vi.mock('@/lib/sports/sports-api', () => ({
  fetchSportMatches: vi.fn(),
  fetchOddType: vi.fn(() => Promise.resolve('decimal')),
  saveOddType: vi.fn(() => Promise.resolve({ oddType: 'decimal' })),
}));

const NOW = Date.parse('2030-05-06T10:00:00Z');
const HOUR = 3_600_000;

function match(matchId: number, idSport: number, startsIn: number, odd = 2.1): Match {
  return {
    matchId,
    idSport,
    matchDateTimeUTC: NOW + startsIn,
    idCategory: idSport * 100,
    idTournament: idSport * 1000,
    matchTeams: [
      { matchTeamType: '1', teamName: `Home ${matchId}` },
      { matchTeamType: '2', teamName: `Away ${matchId}` },
    ],
    matchBets: [
      {
        idMatchBet: matchId * 10,
        betName: 'Winner',
        matchBetPosition: 0,
        matchBetOutcomes: [
          { providerBetOutcomeId: '1', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: odd },
          { providerBetOutcomeId: '2', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: 1.8 },
        ],
      },
    ],
    matchBetsTotal: 3,
  };
}

const book = (idSport: number, matches: Match[]): SportMatchesResponse => ({
  sports: [{ idSport, sportName: `Sport ${idSport}` }],
  categories: [{ idCategory: idSport * 100, categoryName: `Country ${idSport}` }],
  tournaments: [{ idTournament: idSport * 1000, tournamentName: `Cup ${idSport}` }],
  matches,
});

const sports = [1, 2, 3].map((idSport) => ({ idSport, sportName: `Sport ${idSport}` }));
const fetchMock = vi.mocked(fetchSportMatches);

function renderBlock() {
  return renderWithProviders(
    <TopOfferBlock lng="en" labels={topOfferLabels()} sports={sports} first={book(1, [match(11, 1, 2 * HOUR)])} />,
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;
const flush = () => act(async () => undefined);

describe('TopOfferBlock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    navigationState.reset('/en');
    fetchMock.mockReset();
    oddTypeStore.set('decimal');
    window.localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('starts on the first sport, with its matches, links to the match page and +count', async () => {
    renderBlock();
    await flush();
    expect(selectedTab()).toBe('Sport 1');
    const cell = screen.getByRole('link', { name: '1 2.10, Home 11 – Away 11, Winner' });
    expect(cell.getAttribute('href')).toBe('/en/game/prematch-mts/11');
    const more = screen.getByRole('link', { name: '+2 more markets for Home 11 – Away 11' });
    expect(more.textContent).toMatch(/^\+2/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves to the next sport every 5 s, wrapping, and stops when a tab is clicked', async () => {
    fetchMock.mockImplementation(async (_lng, sportId) => book(sportId, [match(sportId * 10 + 1, sportId, HOUR)]));
    renderBlock();
    await flush();
    await act(async () => vi.advanceTimersByTime(4_999));
    expect(selectedTab()).toBe('Sport 1');
    await act(async () => vi.advanceTimersByTime(1));
    expect(selectedTab()).toBe('Sport 2');
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(selectedTab()).toBe('Sport 3');
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(selectedTab()).toBe('Sport 1');
    fireEvent.click(screen.getByRole('tab', { name: 'Sport 3' }));
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(selectedTab()).toBe('Sport 3');
  });

  it('loads each sport once: coming back to a sport does not ask again', async () => {
    fetchMock.mockImplementation(async (_lng, sportId) => book(sportId, [match(sportId * 10 + 1, sportId, HOUR)]));
    renderBlock();
    await flush();
    fireEvent.click(screen.getByRole('tab', { name: 'Sport 2' }));
    await flush();
    fireEvent.click(screen.getByRole('tab', { name: 'Sport 1' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Sport 2' }));
    await flush();
    expect(fetchMock.mock.calls.map((call) => call[1])).toEqual([2]);
    expect(screen.getByRole('link', { name: /^1 \S+, Home 21 – Away 21, Winner$/ })).toBeTruthy();
  });

  it('drops a sport without upcoming matches and shows the next one', async () => {
    fetchMock.mockImplementation(async (_lng, sportId) =>
      sportId === 2 ? book(2, [match(21, 2, -HOUR)]) : book(sportId, [match(sportId * 10 + 1, sportId, HOUR)]),
    );
    renderBlock();
    await flush();
    fireEvent.click(screen.getByRole('tab', { name: 'Sport 2' }));
    await flush();
    await flush();
    expect(screen.queryByRole('tab', { name: 'Sport 2' })).toBeNull();
    expect(selectedTab()).toBe('Sport 3');
  });

  it('shows every odd in the chosen format', async () => {
    renderBlock();
    await flush();
    fireEvent.change(screen.getByRole('combobox', { name: 'Odds format' }), { target: { value: 'american' } });
    expect(screen.getByRole('link', { name: '1 +110, Home 11 – Away 11, Winner' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '2 -125, Home 11 – Away 11, Winner' })).toBeTruthy();
  });

  it('names each odds cell by what it shows first, then its match and market (WCAG 2.5.3)', async () => {
    renderBlock();
    await flush();
    const cells = screen.getAllByRole('link', { name: /, Home 11 – Away 11, Winner$/ });
    expect(cells).toHaveLength(2);
    for (const cell of cells) {
      // What the cell shows, as a person reads it: its label, then its odd.
      const shown = [...cell.children].map((child) => child.textContent).join(' ');
      expect(cell.getAttribute('aria-label')?.startsWith(`${shown}, `)).toBe(true);
    }
  });

  it("is drawn complete by the server when it knows the visitor's time zone, and as a skeleton when not", () => {
    const html = (serverTimeZone: string | null) =>
      renderToString(
        <NextIntlClientProvider locale="en" messages={seededMessages('en')} timeZone="UTC">
          <Provider store={makeStore()}>
            <TopOfferBlock
              lng="en"
              labels={topOfferLabels()}
              sports={sports}
              first={book(1, [match(11, 1, 2 * HOUR)])}
              serverTimeZone={serverTimeZone}
              renderedAt={NOW}
            />
          </Provider>
        </NextIntlClientProvider>,
      );
    // 10:00 UTC + 2 h is 14:00 in Berlin (summer time) and 22:00 in Sydney (standard time in May).
    expect(html('Europe/Berlin')).toContain('>14:00</time>');
    expect(html('Australia/Sydney')).toContain('>22:00</time>');
    expect(html('Europe/Berlin')).toContain('06.05.2030');
    expect(html(null)).not.toContain('<time');
  });
});
