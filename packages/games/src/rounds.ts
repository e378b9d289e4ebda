import {
  DICE_FLOATS,
  DICE_MIN_CHANCE,
  diceMultiplier,
  playDice,
  validateDiceParams,
  type DiceOutcome,
  type DiceParams,
} from './dice';
import { fairFloats, hashServerSeed, type FairSeeds } from './fair';
import type { Multiplier } from './multiplier';
import {
  PLINKO_MULTIPLIERS,
  playPlinko,
  plinkoFloats,
  validatePlinkoParams,
  type PlinkoOutcome,
  type PlinkoParams,
} from './plinko';
import { SLOT_FLOATS, SLOT_PAYLINES, SLOT_PAYTABLE, playSlot, type SlotOutcome } from './slot';
import { SLOT_CONFIGS, type SlotConfigId } from './slots/configs';
import { playSlotConfig, slotFloats, type SlotConfigOutcome } from './slots/engine';

/** The in-house games, by the engine that plays them. */
export const ORIGINALS_ENGINES = ['slot', 'dice', 'plinko'] as const;
export type OriginalsEngine = (typeof ORIGINALS_ENGINES)[number];

/** Each game's stated return to player, in basis points (9608 = 96.08%), as the simulation tests check it. */
export const STATED_RTP_BP: Record<OriginalsEngine, number> = { slot: 9608, dice: 9900, plinko: 9898 };

/**
 * The largest multiple of the stake each engine can ever pay in one round: the slot with every line paying its top
 * symbol's five of a kind, dice at its smallest win chance, plinko's outer slot of 16 rows. The wallet caps wins per
 * game, so a game's cap must never be below its engine's figure.
 */
export const ENGINE_MAX_MULTIPLIER: Record<OriginalsEngine, number> = {
  // A spin pays the sum of its line pays ÷ the lines: at most every line at the top five of a kind.
  slot:
    (SLOT_PAYLINES.length * Math.max(...Object.values(SLOT_PAYTABLE).map((pays) => pays[2]))) / SLOT_PAYLINES.length,
  dice: (() => {
    const { numerator, denominator } = diceMultiplier({ target: DICE_MIN_CHANCE, direction: 'under' });
    return numerator / denominator;
  })(),
  plinko: Math.max(...Object.values(PLINKO_MULTIPLIERS).flat()) / 100,
};

/** No parameters plays Lucky Reels, as before configurations existed; `config` plays that configuration. */
export interface SlotParams {
  config?: SlotConfigId;
}

export type RoundRequest =
  | { engine: 'slot'; params: SlotParams }
  | { engine: 'dice'; params: DiceParams }
  | { engine: 'plinko'; params: PlinkoParams };

export type RoundOutcome =
  | { engine: 'slot'; outcome: SlotOutcome | SlotConfigOutcome }
  | { engine: 'dice'; outcome: DiceOutcome }
  | { engine: 'plinko'; outcome: PlinkoOutcome };

/** Why these parameters cannot be played, or null when they can. */
export function validateRound(request: RoundRequest): string | null {
  switch (request.engine) {
    case 'slot': {
      const { config, ...rest } = request.params;
      if (Object.keys(rest).length > 0) return 'the slot takes only a configuration';
      if (config !== undefined && !Object.hasOwn(SLOT_CONFIGS, config)) return 'unknown slot configuration';
      return null;
    }
    case 'dice':
      return validateDiceParams(request.params);
    case 'plinko':
      return validatePlinkoParams(request.params);
  }
}

export function floatsNeeded(request: RoundRequest): number {
  switch (request.engine) {
    case 'slot':
      return request.params.config ? slotFloats(SLOT_CONFIGS[request.params.config]) : SLOT_FLOATS;
    case 'dice':
      return DICE_FLOATS;
    case 'plinko':
      return plinkoFloats(request.params);
  }
}

/** The outcome of a round from its floats: pure, the same on the server and in the verifying browser. */
export function evaluateRound(request: RoundRequest, floats: readonly number[]): RoundOutcome {
  switch (request.engine) {
    case 'slot': {
      const config = request.params.config;
      return { engine: 'slot', outcome: config ? playSlotConfig(SLOT_CONFIGS[config], floats) : playSlot(floats) };
    }
    case 'dice':
      return { engine: 'dice', outcome: playDice(floats, request.params) };
    case 'plinko':
      return { engine: 'plinko', outcome: playPlinko(floats, request.params) };
  }
}

export function roundMultiplier(result: RoundOutcome): Multiplier {
  return result.outcome.multiplier;
}

/** Plays one provably fair round: the floats come from the seeds, the outcome from the floats. */
export async function playFairRound(seeds: FairSeeds, request: RoundRequest): Promise<RoundOutcome> {
  const problem = validateRound(request);
  if (problem) throw new RangeError(problem);
  return evaluateRound(request, await fairFloats(seeds, floatsNeeded(request)));
}

export interface RoundProof extends FairSeeds {
  /** The hash shown before the round. */
  serverSeedHash: string;
}

export interface Verification {
  /** The revealed server seed hashes to the commitment shown before the round. */
  seedMatchesHash: boolean;
  /** The outcome recomputed from the seeds. */
  outcome: RoundOutcome;
}

/** What a player's browser runs on a revealed seed: check the commitment, then replay the round. */
export async function verifyRound(proof: RoundProof, request: RoundRequest): Promise<Verification> {
  const seedMatchesHash = (await hashServerSeed(proof.serverSeed)) === proof.serverSeedHash.toLowerCase();
  return { seedMatchesHash, outcome: await playFairRound(proof, request) };
}
