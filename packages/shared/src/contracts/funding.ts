import { z } from 'zod';
import { positiveAmountSchema } from './amount';

/*
 * Where the money of a stake comes from (issue 19): before a stake is confirmed the player sees how it would be paid
 * (cash, bonus money, a free spin) and what the running bonus's rules hold for it, computed by the stake pipeline's own
 * decision as a dry run; every settled bet and round shows the split it used. Amounts are decimal strings in the
 * player's currency.
 */

/** A stake's parts: the player's cash (main money), bonus money, and a free spin the house bonus pool pays. */
export const stakePartsSchema = z
  .object({ cash: z.string(), bonus: z.string(), freeSpin: z.string() })
  .meta({ id: 'StakeParts' });
export type StakeParts = z.infer<typeof stakePartsSchema>;

/**
 * Where what a bet or round paid back went: cash, the running bonus's balance, or back to the house with a bonus that
 * ended unwagered (its money's winnings go with it); `withheld` is what was kept against a debt on the same bet.
 */
export const payoutPartsSchema = z
  .object({ cash: z.string(), bonus: z.string(), bonusPool: z.string(), withheld: z.string() })
  .meta({ id: 'PayoutParts' });
export type PayoutParts = z.infer<typeof payoutPartsSchema>;

/** The split a placed bet or a played round used, as recorded when its money moved. */
export const fundingSplitSchema = z
  .object({
    stake: stakePartsSchema,
    /** What its settlement (a win, a loss: all zero, a void or rollback: the stake back) paid; null while open. */
    payout: payoutPartsSchema.nullable(),
  })
  .meta({ id: 'FundingSplit' });
export type FundingSplit = z.infer<typeof fundingSplitSchema>;

/** When a stake counts towards the bonus's wagering: a casino bet when taken, a sports bet when it settles won or lost. */
export const STAKE_COUNTS_WHEN = ['taken', 'settled'] as const;

/** The running bonus as it applies to one stake. */
export const fundingBonusSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    /** Message key in the "bonuses" namespace; `names` when the messages have none. */
    nameKey: z.string(),
    names: z.record(z.string(), z.string()).optional(),
    /**
     * Whether the bonus takes part in this stake: lends its money, caps the stake at its maximum bet and counts it.
     * False where the jurisdiction keeps casino and sports bonuses apart and this bonus belongs to the other product.
     */
    takesPart: z.boolean(),
    /** Money on the bonus balance now. */
    balance: z.string(),
    /** The largest stake while the bonus runs; null: no maximum. */
    maxBet: z.string().nullable(),
    wagered: z.string(),
    wagerRequired: z.string(),
    /** Percent of a stake of this game type that counts towards the wagering. */
    contributionPercent: z.number().int(),
    /** Sports: the total odds from which a bet counts at all; null for casino stakes. */
    minOdd: z.number().nullable(),
    /** What this stake would add to the wagering ("0.00" when none). */
    counts: z.string(),
    countsWhen: z.enum(STAKE_COUNTS_WHEN),
    /** A free-spins bonus: spins left, their fixed stake and game; `thisStake` when this stake would be one. */
    freeSpins: z
      .object({ left: z.number().int(), stake: z.string(), game: z.string(), thisStake: z.boolean() })
      .nullable(),
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'FundingBonus' });
export type FundingBonus = z.infer<typeof fundingBonusSchema>;

/** Why the placement would refuse the stake: the code, message and fields its error would carry. */
export const fundingRefusalSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'FundingRefusal' });
export type FundingRefusal = z.infer<typeof fundingRefusalSchema>;

/** How one stake would be funded now, or why it would be refused: a dry run of the placement's own decision. */
export const stakePreviewSchema = z
  .object({
    /** The stake asked about; null when only the rules were asked (a game before its first bet). */
    amount: z.string().nullable(),
    currency: z.string(),
    /** What the player could stake before this stake: cash, and the bonus money a bonus taking part lends. */
    available: z.object({ cash: z.string(), bonus: z.string() }),
    /** How the placement would take it; null when refused or no amount was asked. */
    funding: stakePartsSchema.nullable(),
    refusal: fundingRefusalSchema.nullable(),
    bonus: fundingBonusSchema.nullable(),
  })
  .meta({ id: 'StakePreview' });
export type StakePreview = z.infer<typeof stakePreviewSchema>;

export const STAKE_PREVIEW_PRODUCTS = ['casino'] as const;

/** GET /spa/users/stake-preview: a casino stake on a game (its slug or id), or the game's rules without an amount. */
export const stakePreviewQuerySchema = z.object({
  product: z.enum(STAKE_PREVIEW_PRODUCTS).default('casino'),
  game: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,79}$/)
    .meta({ description: "The game's slug or id" }),
  amount: positiveAmountSchema.optional(),
});
export type StakePreviewQuery = z.infer<typeof stakePreviewQuerySchema>;

export const stakePreviewResponseSchema = z
  .object({ preview: stakePreviewSchema })
  .meta({ id: 'StakePreviewResponse' });
export type StakePreviewResponse = z.infer<typeof stakePreviewResponseSchema>;
