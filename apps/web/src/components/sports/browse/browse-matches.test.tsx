import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowseMatch, LivePatch } from '@playhouse/shared/contracts/sports-browse';
import type * as SportsApi from '@/lib/sports/sports-api';
import { renderWithProviders } from '@/test/render';
import { BrowseMatches } from './browse-matches';
import { impliedStore } from './implied-store';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);
vi.mock('@/lib/sports/sports-api', async (original) => ({
  ...(await original<typeof SportsApi>()),
  fetchOddType: vi.fn(() => new Promise(() => undefined)),
}));

class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(matches: BrowseMatch[]) {
    this.dispatchEvent(new MessageEvent('live', { data: JSON.stringify({ matches, truncated: false }) }));
  }
  patch(patch: LivePatch) {
    this.dispatchEvent(new MessageEvent('live-patch', { data: JSON.stringify(patch) }));
  }
}

const NOW = Date.now();

function match(id: number, overrides: Partial<BrowseMatch> = {}): BrowseMatch {
  return {
    matchId: id,
    idSport: 1,
    sportName: 'Football',
    idCategory: 101,
    categoryName: 'England',
    idTournament: 1001,
    tournamentName: 'Premier League',
    matchDateTimeUTC: NOW + 3_600_000,
    status: 'scheduled',
    matchTeams: [
      { matchTeamType: '1', teamName: `Home ${id}` },
      { matchTeamType: '2', teamName: `Away ${id}` },
    ],
    liveState: null,
    matchBets: [
      {
        idMatchBet: id * 10,
        betName: 'Match result',
        matchBetPosition: 0,
        status: 'open',
        matchBetOutcomes: [
          {
            outcomeId: id * 100 + 1,
            providerBetOutcomeId: '1',
            matchBetOutcomePosition: 0,
            matchBetOutcomeOddValue: 2.1,
            status: 'open',
            result: null,
          },
          {
            outcomeId: id * 100 + 2,
            providerBetOutcomeId: 'X',
            matchBetOutcomePosition: 1,
            matchBetOutcomeOddValue: 3.4,
            status: 'open',
            result: null,
          },
          {
            outcomeId: id * 100 + 3,
            providerBetOutcomeId: '2',
            matchBetOutcomePosition: 2,
            matchBetOutcomeOddValue: 3.6,
            status: 'open',
            result: null,
          },
        ],
      },
    ],
    matchBetsTotal: 1,
    ...overrides,
  };
}

function live(score: [number, number], home: number, status: 'open' | 'suspended' = 'open'): BrowseMatch {
  const base = match(7);
  return {
    ...base,
    status: 'live',
    matchDateTimeUTC: NOW - 1_800_000,
    liveState: {
      at: NOW,
      period: 1,
      phase: 'play',
      clock: { seconds: 1_800, running: true, direction: 'up' },
      score,
      periods: [score],
    },
    matchBets: base.matchBets.map((market) => ({
      ...market,
      status,
      matchBetOutcomes: market.matchBetOutcomes.map((outcome, index) =>
        index === 0 ? { ...outcome, matchBetOutcomeOddValue: home } : outcome,
      ),
    })),
  };
}

const rowOf = (teams: string) => screen.getByRole('link', { name: teams }).closest('li')!;

describe('BrowseMatches', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    act(() => impliedStore.set(false));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the matches in play first with their score, then the matches to come by day', () => {
    renderWithProviders(<BrowseMatches lng="en" initial={[live([1, 0], 1.6), match(8)]} empty="Nothing" />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings[0]).toBe('Live now');
    expect(headings).toHaveLength(2);
    expect(within(rowOf('Home 7 – Away 7')).getByText('Score 1:0')).toBeTruthy();
    expect(within(rowOf('Home 7 – Away 7')).getByText("31'")).toBeTruthy();
    expect(
      within(rowOf('Home 8 – Away 8')).getByRole('link', { name: /^1 2\.10, Home 8 – Away 8, Match result$/ }),
    ).toBeTruthy();
  });

  it('moves the score and odds over the live stream, and shows a suspended market locked, not missing', async () => {
    renderWithProviders(<BrowseMatches lng="en" initial={[live([1, 0], 1.6)]} live empty="Nothing" />);
    const [source] = FakeEventSource.instances;
    expect(source!.url).toBe('/spa/sports/live/stream?lng=en');
    await act(async () => {
      source!.emit([live([2, 0], 1.25)]);
      await vi.dynamicImportSettled();
    });
    const row = rowOf('Home 7 – Away 7');
    expect(await within(row).findByText('Score 2:0')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /^1 1\.25,/ })).toBeTruthy();

    await act(async () => {
      source!.emit([live([2, 0], 1.25, 'suspended')]);
      await vi.dynamicImportSettled();
    });
    expect(await within(row).findByText('1, suspended')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /^1 / })).toBeNull();
  });

  it("merges the live stream's patches into its whole list: score, odds and a suspended market move", async () => {
    renderWithProviders(<BrowseMatches lng="en" initial={[live([1, 0], 1.6)]} live empty="Nothing" />);
    const [source] = FakeEventSource.instances;
    /** What the api sends when the match moved to `score`, its result market `status` with the home win at `home`. */
    const moved = (score: [number, number], home: number, status: 'open' | 'suspended'): LivePatch => {
      const { liveState, matchBets } = live(score, home, status);
      return {
        matches: [
          {
            matchId: 7,
            liveState,
            matchBets: matchBets.map((market) => ({
              idMatchBet: market.idMatchBet,
              status: market.status,
              matchBetOutcomes: market.matchBetOutcomes.map(({ outcomeId, matchBetOutcomeOddValue, status }) => ({
                outcomeId,
                matchBetOutcomeOddValue,
                status,
              })),
            })),
          },
        ],
      };
    };
    await act(async () => {
      source!.emit([live([1, 0], 1.6), { ...match(9), status: 'live', liveState: live([0, 0], 2.1).liveState }]);
      source!.patch(moved([2, 0], 1.25, 'open'));
      await vi.dynamicImportSettled();
    });
    const row = rowOf('Home 7 – Away 7');
    expect(await within(row).findByText('Score 2:0')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /^1 1\.25,/ })).toBeTruthy();
    // The match the patch does not name stays as the whole list had it.
    expect(screen.getAllByText('Score 0:0')).toHaveLength(1);

    await act(async () => {
      source!.patch(moved([2, 0], 1.25, 'suspended'));
      await vi.dynamicImportSettled();
    });
    expect(await within(row).findByText('1, suspended')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: /^1 / })).toBeNull();
    expect(within(row).getByText('Score 2:0')).toBeTruthy();
    expect(source!.closed).toBe(false);
  });

  it('a patch that does not fit the list it follows opens the stream again, for a whole list', async () => {
    renderWithProviders(<BrowseMatches lng="en" initial={[live([1, 0], 1.6)]} live empty="Nothing" />);
    const [source] = FakeEventSource.instances;
    await act(async () => {
      source!.emit([live([1, 0], 1.6)]);
      source!.patch({ matches: [{ matchId: 99, liveState: null, matchBets: [] }] });
      await vi.dynamicImportSettled();
    });
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(source!.closed).toBe(true);
    expect(FakeEventSource.instances[1]!.url).toBe('/spa/sports/live/stream?lng=en');
    expect(within(rowOf('Home 7 – Away 7')).getByText('Score 1:0')).toBeTruthy();
  });

  it('shows implied probabilities and the margin when the visitor asks for them', () => {
    act(() => impliedStore.set(true));
    renderWithProviders(<BrowseMatches lng="en" initial={[match(8)]} empty="Nothing" />);
    const row = rowOf('Home 8 – Away 8');
    expect(within(row).getByText('Margin 4.8%')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /^1 2\.10 47\.6% chance,/ })).toBeTruthy();
  });

  it('says so when there is nothing to show', () => {
    renderWithProviders(<BrowseMatches lng="en" initial={[]} empty="No matches here right now." />);
    expect(screen.getByText('No matches here right now.')).toBeTruthy();
  });
});
