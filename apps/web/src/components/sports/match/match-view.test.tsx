import { act, screen } from '@testing-library/react';
import type { MatchDetail } from '@playhouse/shared/contracts/sports';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as SportsApi from '@/lib/sports/sports-api';
import { renderWithProviders } from '@/test/render';
import { MatchView } from './match-view';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);
vi.mock('@/lib/sports/sports-api', async (original) => {
  const actual = await original<typeof SportsApi>();
  return {
    ...actual,
    fetchOddType: vi.fn(() => new Promise(() => undefined)),
    parseMatchEvent: vi.fn(actual.parseMatchEvent),
  };
});

class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {}
  emit(data: string) {
    this.dispatchEvent(new MessageEvent('match', { data }));
  }
}

const MATCH: MatchDetail = {
  matchId: 5,
  idSport: 1,
  sportName: 'Football',
  idCategory: 101,
  categoryName: 'England',
  idTournament: 1001,
  tournamentName: 'Premier League',
  matchDateTimeUTC: Date.UTC(2030, 0, 1, 15),
  status: 'scheduled',
  matchTeams: [
    { matchTeamType: '1', teamName: 'Home' },
    { matchTeamType: '2', teamName: 'Away' },
  ],
  result: null,
  liveState: null,
  bettingOpen: true,
  betDelayMs: null,
  matchBets: [
    {
      idMatchBet: 50,
      betName: 'Match result',
      matchBetPosition: 0,
      status: 'open',
      matchBetOutcomes: [
        {
          outcomeId: 501,
          providerBetOutcomeId: '1',
          matchBetOutcomePosition: 0,
          matchBetOutcomeOddValue: 2.1,
          status: 'open',
          result: null,
        },
        {
          outcomeId: 502,
          providerBetOutcomeId: '2',
          matchBetOutcomePosition: 1,
          matchBetOutcomeOddValue: 3.4,
          status: 'open',
          result: null,
        },
      ],
    },
  ],
};

describe('MatchView', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.mocked(SportsApi.parseMatchEvent).mockClear();
    vi.mocked(SportsApi.fetchOddType).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes the language odds format from the server instead of asking for it', () => {
    renderWithProviders(<MatchView lng="en" initial={MATCH} siteOddType="decimal" />);
    expect(SportsApi.fetchOddType).not.toHaveBeenCalled();
  });

  it('leaves the stream first state unparsed when it is the match shown, and applies the odds once they move', async () => {
    renderWithProviders(<MatchView lng="en" initial={MATCH} siteOddType="decimal" />);
    const [source] = FakeEventSource.instances;
    // The same match with its keys in another order, as the stream's JSON may have them.
    const { matchBets, ...rest } = MATCH;
    await act(async () => source!.emit(JSON.stringify({ match: { matchBets, ...rest } })));
    expect(SportsApi.parseMatchEvent).not.toHaveBeenCalled();

    const moved = structuredClone(MATCH);
    moved.matchBets[0]!.matchBetOutcomes[0]!.matchBetOutcomeOddValue = 2.5;
    await act(async () => source!.emit(JSON.stringify({ match: moved })));
    expect(SportsApi.parseMatchEvent).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: /^1 2\.50, Match result$/ })).toBeTruthy();
  });
});
