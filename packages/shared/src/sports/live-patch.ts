import type {
  BrowseMatch,
  BrowseMatchesResponse,
  LiveMarketPatch,
  LiveMatchPatch,
  LivePatch,
} from '../contracts/sports-browse';

/*
 * The live page's stream sends its whole list once, then only what moves in play (docs/decisions.md, "The live page's
 * stream: a snapshot, then patches"). What moves in play is a match's `liveState`, and its markets' status and their
 * outcomes' odds and status; everything else (the matches listed and their order, names, kick-off, the markets and
 * outcomes offered) changes the list itself, and the stream sends the whole list again.
 */

/** The match without what a patch carries: two matches alike here differ only by what a patch can say. */
function fixedPart(match: BrowseMatch): string {
  return JSON.stringify({
    ...match,
    liveState: null,
    matchBets: match.matchBets.map((market) => ({
      ...market,
      status: null,
      matchBetOutcomes: market.matchBetOutcomes.map((outcome) => ({
        ...outcome,
        matchBetOutcomeOddValue: null,
        status: null,
      })),
    })),
  });
}

function sameLiveState(before: BrowseMatch['liveState'], after: BrowseMatch['liveState']): boolean {
  return JSON.stringify(before) === JSON.stringify(after);
}

/**
 * What moved from `before` to `after` as a patch, or null when the list itself changed and only the whole of `after`
 * says it. A match is in the patch when its state in play or any of its markets moved; a market, when its status or
 * any outcome's odd or status did. Merging the patch into `before` (applyLivePatch) gives `after`.
 */
export function livePatch(before: BrowseMatchesResponse, after: BrowseMatchesResponse): LivePatch | null {
  if (before.truncated !== after.truncated || before.matches.length !== after.matches.length) return null;
  const matches: LiveMatchPatch[] = [];
  for (const [index, next] of after.matches.entries()) {
    const previous = before.matches[index]!;
    if (previous.matchId !== next.matchId || fixedPart(previous) !== fixedPart(next)) return null;
    const markets: LiveMarketPatch[] = [];
    for (const [position, market] of next.matchBets.entries()) {
      const was = previous.matchBets[position]!;
      const moved =
        was.status !== market.status ||
        market.matchBetOutcomes.some((outcome, at) => {
          const old = was.matchBetOutcomes[at]!;
          return old.matchBetOutcomeOddValue !== outcome.matchBetOutcomeOddValue || old.status !== outcome.status;
        });
      if (!moved) continue;
      markets.push({
        idMatchBet: market.idMatchBet,
        status: market.status,
        matchBetOutcomes: market.matchBetOutcomes.map(({ outcomeId, matchBetOutcomeOddValue, status }) => ({
          outcomeId,
          matchBetOutcomeOddValue,
          status,
        })),
      });
    }
    if (markets.length === 0 && sameLiveState(previous.liveState, next.liveState)) continue;
    matches.push({ matchId: next.matchId, liveState: next.liveState, matchBets: markets });
  }
  return { matches };
}

/**
 * `matches` with `patch` merged in: the patched matches, markets and outcomes are new objects, every other one is
 * the same object as before. Null when the patch names a match, market or outcome that `matches` does not hold (a
 * patch meant for another list): the caller needs the whole list again.
 */
export function applyLivePatch(matches: BrowseMatch[], patch: LivePatch): BrowseMatch[] | null {
  const byId = new Map(patch.matches.map((match) => [match.matchId, match]));
  let applied = 0;
  let fits = true;
  const next = matches.map((match) => {
    const change = byId.get(match.matchId);
    if (!change) return match;
    applied++;
    const markets = new Map(change.matchBets.map((market) => [market.idMatchBet, market]));
    let marketsApplied = 0;
    const matchBets = match.matchBets.map((market) => {
      const moved = markets.get(market.idMatchBet);
      if (!moved) return market;
      marketsApplied++;
      if (moved.matchBetOutcomes.length !== market.matchBetOutcomes.length) fits = false;
      return {
        ...market,
        status: moved.status,
        matchBetOutcomes: market.matchBetOutcomes.map((outcome, index) => {
          const odd = moved.matchBetOutcomes[index];
          if (odd?.outcomeId !== outcome.outcomeId) {
            fits = false;
            return outcome;
          }
          return { ...outcome, matchBetOutcomeOddValue: odd.matchBetOutcomeOddValue, status: odd.status };
        }),
      };
    });
    if (marketsApplied !== markets.size) fits = false;
    return { ...match, liveState: change.liveState, matchBets };
  });
  return fits && applied === byId.size ? next : null;
}
