import { describe, expect, it } from 'vitest';
import type { Match, MatchBet } from '../contracts/sports';
import { buildTopOffer, localDateTime } from './top-offer';

const NOW = Date.UTC(2026, 10, 21, 12, 0);
const HOUR = 3_600_000;

function market(id: number, position: number, odds: number[], labels = ['1', 'X', '2']): MatchBet {
  return {
    idMatchBet: id,
    betName: `Market ${id}`,
    matchBetPosition: position,
    matchBetOutcomes: odds.map((odd, i) => ({
      providerBetOutcomeId: labels[i] ?? String(i),
      matchBetOutcomePosition: i,
      matchBetOutcomeOddValue: odd,
    })),
  };
}

function match(
  id: number,
  startsInHours: number,
  bets: MatchBet[] = [market(id * 10, 0, [1.5, 3.2, 4.1])],
  total = bets.length,
): Match {
  return {
    matchId: id,
    idSport: 1,
    matchDateTimeUTC: NOW + startsInHours * HOUR,
    idCategory: 1,
    idTournament: 2,
    matchTeams: [
      { matchTeamType: '2', teamName: `Away ${id}` },
      { matchTeamType: '1', teamName: `Home ${id}` },
    ],
    matchBets: bets,
    matchBetsTotal: total,
  };
}

const names = {
  categories: { '1': { idCategory: 1, categoryName: 'England' } },
  tournaments: [{ idTournament: 2, tournamentName: 'Premier League' }],
};
const options = { now: NOW, oddType: 'decimal' as const, timeZone: 'UTC' };

describe('buildTopOffer', () => {
  it('shows only matches that start in the future and have a market', () => {
    const days = buildTopOffer({ ...names, matches: [match(1, -1), match(2, 1), match(3, 2, [])] }, options);
    expect(days.flatMap((day) => day.rows.map((row) => row.matchId))).toEqual([2]);
  });

  it('sorts by start time and keeps only the first 14', () => {
    const matches = Array.from({ length: 20 }, (_, i) => match(i + 1, 40 - i));
    const ids = buildTopOffer({ ...names, matches }, options).flatMap((day) => day.rows.map((row) => row.matchId));
    expect(ids).toHaveLength(14);
    expect(ids).toEqual(Array.from({ length: 14 }, (_, i) => 20 - i));
  });

  it('keeps markets with position below 3, sorted, with outcomes sorted by position, and shows the first two', () => {
    const bets = [
      market(4, 2, [2.1, 1.8]),
      market(3, 3, [1.2, 4]),
      market(1, 1, [1.9, 1.9]),
      market(2, 0, [1.5, 3.2, 4.1]),
    ];
    bets[0]!.matchBetOutcomes.reverse();
    const [day] = buildTopOffer({ ...names, matches: [match(1, 1, bets, 9)] }, options);
    const row = day!.rows[0]!;
    expect(row.markets.map((m) => m.idMatchBet)).toEqual([2, 1]);
    expect(row.moreCount).toBe(7);
    const [withThird] = buildTopOffer({ ...names, matches: [match(1, 1, [bets[0]!], 1)] }, options);
    expect(withThird!.rows[0]!.markets[0]!.outcomes.map((o) => o.position)).toEqual([0, 1]);
  });

  it('shows odds of 1 or below as nothing and formats the rest in the chosen type', () => {
    const [day] = buildTopOffer(
      { ...names, matches: [match(1, 1, [market(1, 0, [1, 2.5, 0.5])])] },
      { ...options, oddType: 'american' },
    );
    expect(day!.rows[0]!.markets[0]!.outcomes.map((o) => o.odd)).toEqual(['', '+150', '']);
  });

  it('marks a row hot when a shown odd contains the digit 7', () => {
    const [day] = buildTopOffer(
      { ...names, matches: [match(1, 1, [market(1, 0, [1.7, 2.2])]), match(2, 2, [market(2, 0, [1.5, 2.2])])] },
      options,
    );
    expect(day!.rows.map((row) => row.hot)).toEqual([true, false]);
  });

  it('groups by local day with the date and the first market labels, in the viewer time zone', () => {
    // 23:30 UTC on the 21st is already the 22nd in Berlin.
    const late = match(1, 11.5, [market(1, 0, [2, 2], ['Home', 'Away'])]);
    const next = match(2, 13);
    const utc = buildTopOffer({ ...names, matches: [late, next] }, options);
    expect(utc.map((day) => [day.date, day.labels])).toEqual([
      ['21.11.2026', ['Home', 'Away']],
      ['22.11.2026', ['1', 'X', '2']],
    ]);
    const berlin = buildTopOffer({ ...names, matches: [late, next] }, { ...options, timeZone: 'Europe/Berlin' });
    expect(berlin).toHaveLength(1);
    expect(berlin[0]!.rows.map((row) => row.time)).toEqual(['00:30', '02:00']);
  });

  it('names team 1 and team 2 by team type, with the category and tournament names', () => {
    const [day] = buildTopOffer({ ...names, matches: [match(5, 1)] }, options);
    expect(day!.rows[0]).toMatchObject({
      team1: 'Home 5',
      team2: 'Away 5',
      categoryName: 'England',
      tournamentName: 'Premier League',
    });
  });
});

describe('localDateTime', () => {
  it('formats HH:MM and DD.MM.YYYY', () => {
    expect(localDateTime(Date.UTC(2026, 0, 5, 7, 3), 'UTC')).toEqual({ date: '05.01.2026', time: '07:03' });
  });
});
