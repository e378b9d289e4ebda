import { multiplierValue } from './multiplier';
import { evaluateRound, floatsNeeded, type RoundRequest } from './rounds';

/**
 * A fast seeded generator (sfc32) for simulations. Its floats have the same 32-bit resolution as the provably fair
 * ones, so a simulation measures exactly the games' arithmetic at millions of rounds a second.
 */
export function seededFloats(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  for (let index = 0; index < 16; index += 1) next();
  return next;
}

export interface SimulationResult {
  rounds: number;
  /** Average multiplier paid: the measured return to player. */
  rtp: number;
  /** Standard error of that average. */
  standardError: number;
  /** Share of rounds that paid anything. */
  hitRate: number;
}

/** Plays `rounds` rounds with seeded floats; `pick` chooses each round's parameters from the same generator. */
export function simulateRtp(
  rounds: number,
  seed: number,
  pick: (random: () => number) => RoundRequest,
): SimulationResult {
  const random = seededFloats(seed);
  let sum = 0;
  let sumOfSquares = 0;
  let hits = 0;
  const floats: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const request = pick(random);
    floats.length = 0;
    for (let index = floatsNeeded(request); index > 0; index -= 1) floats.push(random());
    const value = multiplierValue(evaluateRound(request, floats).outcome.multiplier);
    sum += value;
    sumOfSquares += value * value;
    if (value > 0) hits += 1;
  }
  const mean = sum / rounds;
  const variance = (sumOfSquares / rounds - mean * mean) * (rounds / (rounds - 1));
  return { rounds, rtp: mean, standardError: Math.sqrt(variance / rounds), hitRate: hits / rounds };
}
