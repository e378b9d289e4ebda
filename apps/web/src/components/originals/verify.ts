import { multiplierValue, verifyRound, type RoundRequest } from '@playhouse/games';
import type { OriginalsRound } from '@playhouse/shared/contracts/casino';

/**
 * Replays a revealed round in this browser (WebCrypto): the server seed must hash to the commitment shown before the
 * round, and the seeds must give exactly the recorded outcome. False for a round whose seed is not yet revealed.
 */
export async function verifyPlayedRound(round: OriginalsRound): Promise<boolean> {
  if (!round.serverSeed) return false;
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
