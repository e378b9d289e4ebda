import { describe, expect, it } from 'vitest';
import type { BrowseMatch, BrowseMatchesResponse } from '../contracts/sports-browse';
import { applyLivePatch, livePatch } from './live-patch';

const AT = Date.UTC(2026, 10, 29, 12, 0);

function inPlay(id: number, score: [number, number] = [0, 0], home = 2.1): BrowseMatch {
  return {
    matchId: id,
    idSport: 1,
    sportName: 'Football',
    idCategory: 101,
    categoryName: 'England',
    idTournament: 1001,
    tournamentName: 'Premier League',
    matchDateTimeUTC: AT - 1_800_000,
    status: 'live',
    matchTeams: [
      { matchTeamType: '1', teamName: `Home ${id}` },
      { matchTeamType: '2', teamName: `Away ${id}` },
    ],
    liveState: {
      at: AT,
      period: 1,
      phase: 'play',
      clock: { seconds: 1_800, running: true, direction: 'up' },
      score,
      periods: [score],
    },
    matchBets: [0, 1].map((position) => ({
      idMatchBet: id * 10 + position,
      betName: position === 0 ? 'Match result' : 'Both teams score',
      matchBetPosition: position,
      status: 'open' as const,
      matchBetOutcomes: (position === 0 ? ['1', 'X', '2'] : ['yes', 'no']).map((label, index) => ({
        outcomeId: id * 100 + position * 10 + index,
        providerBetOutcomeId: label,
        matchBetOutcomePosition: index,
        matchBetOutcomeOddValue: position === 0 && index === 0 ? home : 2 + index / 10,
        status: 'open' as const,
        result: null,
      })),
    })),
    matchBetsTotal: 12,
  };
}

const list = (...matches: BrowseMatch[]): BrowseMatchesResponse => ({ matches, truncated: false });

/** The match with its result market changed by `change`. */
function withResultMarket(match: BrowseMatch, change: (market: BrowseMatch['matchBets'][number]) => object) {
  return {
    ...match,
    matchBets: match.matchBets.map((market, index) => (index === 0 ? { ...market, ...change(market) } : market)),
  };
}

describe('livePatch', () => {
  it('names only the matches that moved, with their state and only the markets that moved', () => {
    const before = list(inPlay(1), inPlay(2), inPlay(3));
    const after = list(inPlay(1), inPlay(2, [1, 0], 1.8), inPlay(3));
    const patch = livePatch(before, after);
    expect(patch).toEqual({
      matches: [
        {
          matchId: 2,
          liveState: after.matches[1]!.liveState,
          matchBets: [
            {
              idMatchBet: 20,
              status: 'open',
              matchBetOutcomes: [
                { outcomeId: 200, matchBetOutcomeOddValue: 1.8, status: 'open' },
                { outcomeId: 201, matchBetOutcomeOddValue: 2.1, status: 'open' },
                { outcomeId: 202, matchBetOutcomeOddValue: 2.2, status: 'open' },
              ],
            },
          ],
        },
      ],
    });
    expect(applyLivePatch(before.matches, patch!)).toEqual(after.matches);
  });

  it('carries a market suspended, and an outcome suspended on its own', () => {
    const before = list(inPlay(1));
    const suspended = list(withResultMarket(inPlay(1), () => ({ status: 'suspended' })));
    const patch = livePatch(before, suspended)!;
    expect(patch.matches[0]!.matchBets.map((market) => market.status)).toEqual(['suspended']);
    expect(applyLivePatch(before.matches, patch)).toEqual(suspended.matches);

    const oneOutcome = list(
      withResultMarket(inPlay(1), (market) => ({
        matchBetOutcomes: market.matchBetOutcomes.map((outcome, index) =>
          index === 1 ? { ...outcome, status: 'suspended' } : outcome,
        ),
      })),
    );
    expect(applyLivePatch(before.matches, livePatch(before, oneOutcome)!)).toEqual(oneOutcome.matches);
  });

  it('a clock that moved alone is a patch of the state without markets', () => {
    const before = list(inPlay(1));
    const later = inPlay(1);
    later.liveState = {
      ...later.liveState!,
      at: AT + 1_000,
      clock: { seconds: 1_801, running: true, direction: 'up' },
    };
    expect(livePatch(before, list(later))).toEqual({
      matches: [{ matchId: 1, liveState: later.liveState, matchBets: [] }],
    });
  });

  it('nothing moved: an empty patch', () => {
    expect(livePatch(list(inPlay(1)), list(inPlay(1)))).toEqual({ matches: [] });
  });

  it('the list itself changed (a match starts or ends, an order, a name, a market or outcome offered): no patch', () => {
    const before = list(inPlay(1), inPlay(2));
    expect(livePatch(before, list(inPlay(1), inPlay(2), inPlay(3)))).toBeNull();
    expect(livePatch(before, list(inPlay(1)))).toBeNull();
    expect(livePatch(before, list(inPlay(2), inPlay(1)))).toBeNull();
    expect(livePatch(before, list(inPlay(1), inPlay(3)))).toBeNull();
    expect(livePatch(before, { ...before, truncated: true })).toBeNull();
    expect(livePatch(before, list(inPlay(1), { ...inPlay(2), tournamentName: 'Cup' }))).toBeNull();
    expect(livePatch(before, list(inPlay(1), { ...inPlay(2), matchBetsTotal: 13 }))).toBeNull();
    const twoMarkets = inPlay(2);
    expect(
      livePatch(before, list(inPlay(1), { ...twoMarkets, matchBets: twoMarkets.matchBets.slice(0, 1) })),
    ).toBeNull();
    expect(
      livePatch(
        before,
        list(
          inPlay(1),
          withResultMarket(inPlay(2), (market) => ({ matchBetOutcomes: market.matchBetOutcomes.slice(0, 2) })),
        ),
      ),
    ).toBeNull();
  });
});

describe('applyLivePatch', () => {
  it('keeps every match and market the patch does not name as the same object', () => {
    const before = list(inPlay(1), inPlay(2));
    const merged = applyLivePatch(before.matches, livePatch(before, list(inPlay(1), inPlay(2, [0, 1])))!)!;
    expect(merged[0]).toBe(before.matches[0]);
    expect(merged[1]).not.toBe(before.matches[1]);
    expect(merged[1]!.liveState?.score).toEqual([0, 1]);
    expect(merged[1]!.matchBets[0]).toBe(before.matches[1]!.matchBets[0]);
  });

  it('null for a patch meant for another list: an unknown match, market or outcome', () => {
    const matches = [inPlay(1)];
    const patch = livePatch(list(inPlay(5)), list(inPlay(5, [1, 0], 1.9)))!;
    expect(applyLivePatch(matches, patch)).toBeNull();
    const market = { ...patch.matches[0]!, matchId: 1 };
    expect(applyLivePatch(matches, { matches: [market] })).toBeNull();
    const outcome = {
      matchId: 1,
      liveState: null,
      matchBets: [{ ...market.matchBets[0]!, idMatchBet: 10 }],
    };
    expect(applyLivePatch(matches, { matches: [outcome] })).toBeNull();
  });
});
