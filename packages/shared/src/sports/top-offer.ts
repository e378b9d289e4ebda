import { SPEC } from '../constants';
import { displayOdd, isHotOdd, type OddType } from '../odds';
import type { Match, SportCategory, Tournament } from '../contracts/sports';

export interface TopOfferOutcome {
  label: string;
  odd: string;
  position: number;
}
export interface TopOfferMarket {
  idMatchBet: number;
  betName: string;
  outcomes: TopOfferOutcome[];
}
export interface TopOfferRow {
  matchId: number;
  startsAt: number;
  time: string;
  hot: boolean;
  team1: string;
  team2: string;
  categoryName: string;
  tournamentName: string;
  markets: TopOfferMarket[];
  /** Markets beyond the ones shown ("+{count}"); 0 shows nothing. */
  moreCount: number;
}
export interface TopOfferDay {
  /** DD.MM.YYYY in the viewer's time zone. */
  date: string;
  /** Outcome labels of the first market of the day's first match. */
  labels: string[];
  rows: TopOfferRow[];
}

export interface TopOfferOptions {
  now: number;
  oddType: OddType;
  /** IANA zone of the viewer; times and day groups are in it. */
  timeZone: string;
}

const SHOWN_MARKETS = 2;

function byId<T>(items: T[] | Record<string, T>, id: (item: T) => number): Map<number, T> {
  const list = Array.isArray(items) ? items : Object.values(items);
  return new Map(list.map((item) => [id(item), item]));
}

/** Day and time of an instant in a zone: { date: 'DD.MM.YYYY', time: 'HH:MM' }. */
export function localDateTime(epochMs: number, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('day')}.${part('month')}.${part('year')}`, time: `${part('hour')}:${part('minute')}` };
}

/** Markets a match shows: positions below 3, by position, outcomes by position (SPEC.md §5). */
export function visibleMarkets(match: Match) {
  return match.matchBets
    .filter((bet) => bet.matchBetPosition < SPEC.marketPositionsBelow)
    .sort((a, b) => a.matchBetPosition - b.matchBetPosition)
    .map((bet) => ({
      ...bet,
      matchBetOutcomes: [...bet.matchBetOutcomes].sort((a, b) => a.matchBetOutcomePosition - b.matchBetOutcomePosition),
    }));
}

/**
 * The top-offer table of SPEC.md §2 and §5: future matches with a market, by start time, the first 14, grouped by the
 * viewer's local day.
 */
export function buildTopOffer(
  data: {
    matches: Match[];
    categories: SportCategory[] | Record<string, SportCategory>;
    tournaments: Tournament[] | Record<string, Tournament>;
  },
  { now, oddType, timeZone }: TopOfferOptions,
): TopOfferDay[] {
  const categories = byId(data.categories, (c) => c.idCategory);
  const tournaments = byId(data.tournaments, (t) => t.idTournament);
  const candidates = data.matches
    .filter((match) => match.matchDateTimeUTC > now)
    .map((match) => ({ match, markets: visibleMarkets(match) }))
    .filter(({ markets }) => markets.length > 0)
    .sort((a, b) => a.match.matchDateTimeUTC - b.match.matchDateTimeUTC || a.match.matchId - b.match.matchId)
    .slice(0, SPEC.matchesShown);

  const days: TopOfferDay[] = [];
  for (const { match, markets } of candidates) {
    const { date, time } = localDateTime(match.matchDateTimeUTC, timeZone);
    const shown = markets.slice(0, SHOWN_MARKETS).map((bet) => ({
      idMatchBet: bet.idMatchBet,
      betName: bet.betName,
      outcomes: bet.matchBetOutcomes.map((outcome) => ({
        label: outcome.providerBetOutcomeId,
        odd: displayOdd(outcome.matchBetOutcomeOddValue, oddType),
        position: outcome.matchBetOutcomePosition,
      })),
    }));
    const team = (type: '1' | '2') => match.matchTeams.find((t) => t.matchTeamType === type)?.teamName ?? '';
    const row: TopOfferRow = {
      matchId: match.matchId,
      startsAt: match.matchDateTimeUTC,
      time,
      hot: shown.some((market) => market.outcomes.some((outcome) => isHotOdd(outcome.odd))),
      team1: team('1'),
      team2: team('2'),
      categoryName: categories.get(match.idCategory)?.categoryName ?? '',
      tournamentName: tournaments.get(match.idTournament)?.tournamentName ?? '',
      markets: shown,
      moreCount: Math.max(0, match.matchBetsTotal - shown.length),
    };
    const last = days.at(-1);
    if (last && last.date === date) last.rows.push(row);
    else days.push({ date, labels: shown[0]?.outcomes.map((outcome) => outcome.label) ?? [], rows: [row] });
  }
  return days;
}
