import {
  mapTableStakes,
  multiplierValue,
  tableInputFromJson,
  tableToJson,
  verifyRound,
  verifyTableRound,
  type RoundRequest,
} from '@playhouse/games';
import type { OriginalsRound } from '@playhouse/shared/contracts/casino';

/** JSON with every object's keys in order: the database keeps a stored outcome's keys in an order of its own. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Decimal amounts ("2.50") back to the minor units the engines play with. */
function minorUnits(json: unknown) {
  return mapTableStakes(json, (stake) => {
    const [whole = '0', fraction = ''] = String(stake).split('.');
    return (BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))).toString();
  });
}

/** A table round: its game, bets and moves replayed from the seeds must give the recorded view and payout. */
async function verifyTable(round: OriginalsRound & { serverSeed: string }): Promise<boolean> {
  const input = tableInputFromJson({
    game: String(round.params.game),
    bets: minorUnits(round.params.bets),
    actions: (round.actions ?? []).map(minorUnits),
  });
  const { seedMatchesHash, state } = await verifyTableRound(
    {
      serverSeed: round.serverSeed,
      serverSeedHash: round.serverSeedHash,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
    },
    input,
  );
  const recorded = round.outcome as { view?: unknown };
  return (
    seedMatchesHash &&
    state.finished &&
    canonical(tableToJson(state.view)) === canonical(recorded.view) &&
    (Number(state.settlement!.totalPayout) / 100).toFixed(2) === round.payout
  );
}

/**
 * Replays a revealed round in this browser (WebCrypto): the server seed must hash to the commitment shown before the
 * round, and the seeds must give exactly the recorded outcome. False for a round whose seed is not yet revealed.
 */
export async function verifyPlayedRound(round: OriginalsRound): Promise<boolean> {
  if (!round.serverSeed) return false;
  if (round.engine === 'table') return verifyTable({ ...round, serverSeed: round.serverSeed });
  const request = { engine: round.engine, params: round.params } as RoundRequest;
  const { seedMatchesHash, outcome } = await verifyRound(
    {
      serverSeed: round.serverSeed,
      serverSeedHash: round.serverSeedHash,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
    },
    request,
  );
  const { multiplier, ...recomputed } = outcome.outcome;
  const { multiplier: recorded, ...stored } = round.outcome;
  return (
    seedMatchesHash &&
    JSON.stringify(recomputed) === JSON.stringify(stored) &&
    Math.abs(multiplierValue(multiplier) - Number(recorded)) < 1e-9
  );
}
