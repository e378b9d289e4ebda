import { z } from 'zod';
import { positiveAmountSchema } from './amount';
import { fairnessSchema } from './casino';

/*
 * The table games of the Originals host: a round starts with its bets and goes on with the player's actions until it
 * is settled (packages/games/src/table/README.md). Amounts are decimal strings in the session's currency.
 */

/** Each table game by its rules, as the engines in packages/games name them (a test keeps the two lists equal). */
export const TABLE_GAME_IDS = [
  'blackjack',
  'blackjack-multihand',
  'roulette-european',
  'roulette-french',
  'roulette-american',
  'baccarat',
  'three-card-poker',
  'casino-holdem',
  'video-poker-jacks-or-better',
  'sic-bo',
  'red-dog',
  'craps',
] as const;
export type TableGameId = (typeof TABLE_GAME_IDS)[number];

/** Error codes of the table rounds (beside the common ones). */
export const TABLE_ERROR_CODES = [
  'illegal_action',
  'action_conflict',
  'round_open',
  'round_not_found',
  'betting_closed',
  'bets_placed',
] as const;

const stake = positiveAmountSchema;
/** A roulette pocket: 0–36, and 37 for the American double zero. */
const pocket = z.number().int().min(0).max(37);

export const blackjackBetsSchema = z
  .object({ boxes: z.array(stake).min(1).max(3).meta({ description: 'One stake per box (multihand: up to three)' }) })
  .strict();

export const rouletteBetSchema = z.union([
  z
    .object({
      kind: z.enum(['straight', 'split', 'street', 'corner', 'six_line', 'top_line']),
      numbers: z.array(pocket).min(1).max(6),
      stake,
    })
    .strict(),
  z.object({ kind: z.enum(['red', 'black', 'odd', 'even', 'low', 'high']), stake }).strict(),
  z
    .object({
      kind: z.enum(['dozen', 'column']),
      index: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      stake,
    })
    .strict(),
]);
export type RouletteBetBody = z.infer<typeof rouletteBetSchema>;
export const rouletteBetsSchema = z.object({ bets: z.array(rouletteBetSchema).min(1).max(200) }).strict();

export const BACCARAT_BET_KINDS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export const baccaratBetSchema = z.object({ kind: z.enum(BACCARAT_BET_KINDS), stake }).strict();
export const baccaratBetsSchema = z.object({ bets: z.array(baccaratBetSchema).min(1).max(5) }).strict();

const die = z.number().int().min(1).max(6);
export const sicBoBetSchema = z.union([
  z.object({ kind: z.enum(['small', 'big', 'odd', 'even', 'any_triple']), stake }).strict(),
  z.object({ kind: z.literal('total'), total: z.number().int().min(4).max(17), stake }).strict(),
  z.object({ kind: z.enum(['single', 'double', 'triple']), number: die, stake }).strict(),
  z.object({ kind: z.literal('combination'), numbers: z.tuple([die, die]), stake }).strict(),
]);
export const sicBoBetsSchema = z.object({ bets: z.array(sicBoBetSchema).min(1).max(100) }).strict();

export const tableRoundBodySchema = z
  .discriminatedUnion('game', [
    z.object({ game: z.enum(['blackjack', 'blackjack-multihand']), bets: blackjackBetsSchema }),
    z.object({ game: z.enum(['roulette-european', 'roulette-french', 'roulette-american']), bets: rouletteBetsSchema }),
    z.object({ game: z.literal('baccarat'), bets: baccaratBetsSchema }),
    z.object({
      game: z.literal('three-card-poker'),
      bets: z.object({ ante: stake, pairPlus: stake.optional() }).strict(),
    }),
    z.object({ game: z.literal('casino-holdem'), bets: z.object({ ante: stake, aaBonus: stake.optional() }).strict() }),
    z.object({ game: z.literal('video-poker-jacks-or-better'), bets: z.object({ stake }).strict() }),
    z.object({ game: z.literal('sic-bo'), bets: sicBoBetsSchema }),
    z.object({ game: z.literal('red-dog'), bets: z.object({ ante: stake }).strict() }),
    z.object({
      game: z.literal('craps'),
      bets: z
        .object({ pass: stake.optional(), dontPass: stake.optional(), field: stake.optional() })
        .strict()
        .refine((bets) => Object.keys(bets).length > 0, 'place at least one bet'),
    }),
  ])
  .meta({ id: 'TableRoundRequest', description: "The round's game (the session's own) and its initial bets" });
export type TableRoundBody = z.infer<typeof tableRoundBodySchema>;

/** Actions that carry nothing but their name. */
export const SIMPLE_TABLE_ACTIONS = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'no_insurance',
  'play',
  'fold',
  'call',
  'raise',
  'roll',
] as const;

export const tableActionSchema = z.union([
  z.object({ type: z.enum(SIMPLE_TABLE_ACTIONS) }).strict(),
  z
    .object({
      type: z.literal('draw'),
      hold: z.array(z.number().int().min(0).max(4)).max(5).meta({ description: 'Positions 0–4 of the cards kept' }),
    })
    .strict(),
  z
    .object({
      type: z.literal('odds'),
      pass: stake.optional().meta({ description: 'Odds taken behind the pass line' }),
      dontPass: stake.optional().meta({ description: "Odds laid behind don't pass" }),
    })
    .strict(),
]);
export type TableActionBody = z.infer<typeof tableActionSchema>;

export const tableActionBodySchema = z
  .object({
    /**
     * How many actions the round had when the player chose this one: a retry of the same gesture sends the same index
     * and is answered with the round as it stands, never applied twice.
     */
    index: z.number().int().min(0).max(1000),
    action: tableActionSchema,
  })
  .meta({ id: 'TableActionRequest' });
export type TableActionRequest = z.infer<typeof tableActionBodySchema>;

export const tableRoundParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const tableSettledBetSchema = z.object({
  /** What the bet was: "box 1 hand 2", "insurance 1", "straight 17", "banker", "pair plus". */
  bet: z.string(),
  stake: z.string(),
  /** What the bet returned per unit staked, stake included ("2.0000" even money, "0.0000" lost). */
  multiplier: z.string(),
  payout: z.string(),
});

export const tableRoundSchema = z
  .object({
    id: z.number().int(),
    game: z.enum(TABLE_GAME_IDS),
    /** `open` while the player still acts; `finished` once settled (its payout is owed from then on). */
    status: z.enum(['open', 'finished']),
    nonce: z.number().int(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** Shown once the seed pair has been rotated. */
    serverSeed: z.string().nullable(),
    /** The initial bets, amounts as decimal strings. */
    bets: z.record(z.string(), z.unknown()),
    /** The actions so far, in order; an odds action's amounts as decimal strings. */
    actions: z.array(z.record(z.string(), z.unknown())),
    /** The index the next action must name. */
    nextIndex: z.number().int(),
    allowedActions: z.array(z.string()),
    /** What the player may see now; the dealer's hidden cards stay out until revealed. */
    view: z.record(z.string(), z.unknown()),
    settlement: z
      .object({ bets: z.array(tableSettledBetSchema), totalStake: z.string(), totalPayout: z.string() })
      .nullable(),
    /** Everything staked so far: the initial bets and each action's extra stake. */
    stake: z.string(),
    /** Set when the round was left alone and finished by the game's default actions. */
    finishedByDefault: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'TableRound' });
export type TableRound = z.infer<typeof tableRoundSchema>;

export const tableRoundResponseSchema = z.object({
  round: tableRoundSchema,
  balance: z.string(),
  fairness: fairnessSchema,
});
export type TableRoundResponse = z.infer<typeof tableRoundResponseSchema>;

export const openTableRoundResponseSchema = z.object({ round: tableRoundSchema.nullable() });

// Shared tables: one round on a clock for everyone seated.

export const SHARED_TABLE_GAME_IDS = ['roulette-european', 'baccarat'] as const;

export const sharedRoundSchema = z
  .object({
    id: z.number().int(),
    number: z.number().int(),
    /** betting: bets are taken; closed: no more bets; result: the outcome and the seed are public. */
    status: z.enum(['betting', 'closed', 'result']),
    serverSeedHash: z.string(),
    /** The round's public client seed: the table's slug and the round's number. */
    clientSeed: z.string(),
    /** Published with the result. */
    serverSeed: z.string().nullable(),
    bettingClosesAt: z.string(),
    resultAt: z.string(),
    nextRoundAt: z.string(),
    /** The pocket or the coup, once public. */
    outcome: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'SharedTableRound' });
export type SharedRound = z.infer<typeof sharedRoundSchema>;

export const sharedTableStateSchema = z
  .object({
    table: z.object({ slug: z.string(), game: z.enum(SHARED_TABLE_GAME_IDS) }),
    /** The server's clock when this was read: the countdown runs from it. */
    serverTime: z.string(),
    round: sharedRoundSchema.nullable(),
    /** The latest rounds with their results and seeds, newest first. */
    results: z.array(sharedRoundSchema),
  })
  .meta({ id: 'SharedTableState' });
export type SharedTableState = z.infer<typeof sharedTableStateSchema>;

export const sharedTableParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/) });

export const sharedBetsBodySchema = z
  .discriminatedUnion('game', [
    z.object({ game: z.literal('roulette-european'), roundId: z.number().int().positive(), bets: rouletteBetsSchema }),
    z.object({ game: z.literal('baccarat'), roundId: z.number().int().positive(), bets: baccaratBetsSchema }),
  ])
  .meta({ id: 'SharedBetsRequest', description: 'The bets of the round now taking bets, placed once per round' });
export type SharedBetsBody = z.infer<typeof sharedBetsBodySchema>;

export const sharedSlipSchema = z
  .object({
    roundId: z.number().int(),
    roundNumber: z.number().int(),
    bets: z.record(z.string(), z.unknown()),
    stake: z.string(),
    /** pending: with the wallet; in: taken; settled: paid (0.00 for a loss); refused; cancelled: returned. */
    status: z.enum(['pending', 'in', 'settled', 'refused', 'cancelled']),
    settlement: z
      .object({ bets: z.array(tableSettledBetSchema), totalStake: z.string(), totalPayout: z.string() })
      .nullable(),
  })
  .meta({ id: 'SharedSlip' });
export type SharedSlip = z.infer<typeof sharedSlipSchema>;

export const sharedBetsResponseSchema = z.object({ slip: sharedSlipSchema, balance: z.string() });
export const sharedSlipsResponseSchema = z.object({ slips: z.array(sharedSlipSchema), balance: z.string() });
