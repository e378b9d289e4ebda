import { ENGINE_MAX_MULTIPLIER, STATED_RTP_BP } from './rounds';
import {
  SLOT_CONFIGS,
  SLOT_CONFIG_MAX_MULTIPLIER,
  SLOT_CONFIG_STATED_RTP_BP,
  type SlotConfigId,
} from './slots/configs';
import { TABLE_GAMES, TABLE_MAX_MULTIPLIER, TABLE_STATED_RTP_BP, type TableGame } from './table/games';

/** The engines a catalogue entry can name, and what each configures. */
export const CATALOGUE_ENGINES = ['slot', 'dice', 'plinko', 'table', 'shared-table'] as const;
export type CatalogueEngine = (typeof CATALOGUE_ENGINES)[number];

/** The games a shared table runs: one round on a clock for everyone seated. */
export const SHARED_TABLE_GAMES = ['roulette-european', 'baccarat'] as const satisfies readonly TableGame[];
export type SharedTableGame = (typeof SHARED_TABLE_GAMES)[number];

/**
 * A shared table's clock: bets are taken for `bettingMs`, then no more bets for `closedMs` (the wheel spins, the cards
 * are drawn), then the result stands for `resultMs` while the bets are paid, and the next round opens: one round every
 * 30 seconds, the figure the tables' titles state.
 */
export const SHARED_TABLE_TIMING = { bettingMs: 20_000, closedMs: 3_000, resultMs: 7_000 } as const;
export const SHARED_TABLE_ROUND_SECONDS =
  (SHARED_TABLE_TIMING.bettingMs + SHARED_TABLE_TIMING.closedMs + SHARED_TABLE_TIMING.resultMs) / 1000;

export function isSlotConfig(config: string | null | undefined): config is SlotConfigId {
  return typeof config === 'string' && Object.hasOwn(SLOT_CONFIGS, config);
}

export function isTableGame(config: string | null | undefined): config is TableGame {
  return typeof config === 'string' && (TABLE_GAMES as readonly string[]).includes(config);
}

export function isSharedTableGame(config: string | null | undefined): config is SharedTableGame {
  return typeof config === 'string' && (SHARED_TABLE_GAMES as readonly string[]).includes(config);
}

/**
 * What a catalogue entry states about the game that runs it, from the engine's own figures: the return to player in
 * basis points (a table game's main bet) and the wallet's win cap as a whole multiple of a round's stakes (the
 * engine's largest possible payout, rounded up). Null when the engine has no such configuration.
 */
export function catalogueFigures(
  engine: CatalogueEngine,
  config: string | null,
): { rtpBp: number; maxWinMultiplier: number } | null {
  switch (engine) {
    case 'slot':
      if (config === null) return { rtpBp: STATED_RTP_BP.slot, maxWinMultiplier: ENGINE_MAX_MULTIPLIER.slot };
      return isSlotConfig(config)
        ? { rtpBp: SLOT_CONFIG_STATED_RTP_BP[config], maxWinMultiplier: SLOT_CONFIG_MAX_MULTIPLIER[config] }
        : null;
    case 'dice':
    case 'plinko':
      return config === null
        ? { rtpBp: STATED_RTP_BP[engine], maxWinMultiplier: Math.ceil(ENGINE_MAX_MULTIPLIER[engine]) }
        : null;
    case 'table':
      return isTableGame(config)
        ? { rtpBp: TABLE_STATED_RTP_BP[config], maxWinMultiplier: Math.ceil(TABLE_MAX_MULTIPLIER[config]) }
        : null;
    case 'shared-table':
      return isSharedTableGame(config)
        ? { rtpBp: TABLE_STATED_RTP_BP[config], maxWinMultiplier: Math.ceil(TABLE_MAX_MULTIPLIER[config]) }
        : null;
  }
}
