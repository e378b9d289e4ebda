import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { BONUS_KINDS, BONUS_TRIGGERS, CASHBACK_PAYOUTS } from './bonuses';

/**
 * The terms of the campaign a promotion (a slide, a banner, a bonus info entry) offers, read from the campaign's own
 * row: the web renders them through translations, so the terms a player reads are the ones the engine applies (one
 * source of terms). Amounts are decimal strings in `currencyCode`, the campaign's own amounts (the currency a visitor
 * is shown; a player's currency line may differ, and their offer shows it).
 */
export const promotionTermsSchema = z
  .object({
    slug: z.string(),
    kind: z.enum(BONUS_KINDS),
    trigger: z.enum(BONUS_TRIGGERS),
    currencyCode: z.enum(CURRENCY_CODES),
    /** free_money: the amount; deposit_match and cashback: the cap. */
    amount: z.string().nullable(),
    /** deposit_match: percent of the deposit; cashback: percent of the net losses. */
    percent: z.number().int().nullable(),
    minDeposit: z.string().nullable(),
    freeSpins: z.number().int().nullable(),
    freeSpinStake: z.string().nullable(),
    /** free_spins: the slot they are played on, with its title in the request's locale. */
    game: z.object({ slug: z.string(), title: z.string() }).nullable(),
    wager: z.number().int(),
    maxBet: z.string().nullable(),
    validDays: z.number().int(),
    offerDays: z.number().int(),
    /** ISO weekdays (1 Monday ... 7 Sunday) a deposit earns the offer on; empty: any day. */
    weekdays: z.array(z.number().int().min(1).max(7)),
    timeZone: z.string(),
    payout: z.enum(CASHBACK_PAYOUTS),
    /** Percent of a stake that counts towards the wagering, per game type. */
    contributions: z.record(z.string(), z.number()),
  })
  .meta({ id: 'PromotionTerms' });
export type PromotionTerms = z.infer<typeof promotionTermsSchema>;
