import { AppError, errorClass, fieldsErrorClass } from '../../lib/errors';

export class BonusNotFoundError extends errorClass('bonus_not_found', 'No such bonus for this player.', 404) {}

/** The offer was already answered, or ran out before the answer. */
export class BonusNotOfferedError extends errorClass('bonus_not_offered', 'This bonus is no longer on offer.', 409) {}

export class BonusNotActiveError extends errorClass('bonus_not_active', 'This bonus is not being wagered.', 409) {}

export class BonusNotCoinsError extends errorClass('bonus_not_coins', 'Only a coins bonus has a pick.', 409) {}

export class BonusActiveExistsError extends AppError {
  constructor() {
    super('bonus_active_exists', 'Another bonus is being wagered; finish or forfeit it first.', 409);
  }
}

export class BonusMaxBetExceededError extends AppError {
  constructor(maxBet?: string) {
    super(
      'bonus_max_bet_exceeded',
      maxBet
        ? `While a bonus is being wagered a bet may be at most ${maxBet}.`
        : 'The bet is above the maximum bet allowed while a bonus is being wagered.',
      409,
      maxBet ? { stake: `at most ${maxBet}` } : undefined,
    );
  }
}

/** A deposit match whose deposit was (asked to be) withdrawn: the bonus would be played with nothing at risk. */
export class BonusDepositWithdrawnError extends errorClass(
  'bonus_deposit_withdrawn',
  'A withdrawal was requested after the deposit this bonus matches, so the bonus can no longer be accepted.',
  409,
) {}

/** A withdrawal while a bonus is being wagered: the player must confirm giving the bonus up (forfeitBonus: true). */
export class WithdrawalForfeitsBonusError extends errorClass(
  'withdrawal_forfeits_bonus',
  'A bonus is being wagered: withdrawing now gives it up with its bonus money. Confirm with forfeitBonus: true.',
  409,
) {}

/** The campaign is paused or ended: it offers nothing new. */
export class CampaignNotLiveError extends errorClass(
  'campaign_not_live',
  'This campaign is paused or ended and offers nothing new.',
  409,
) {}

export class CampaignEndedError extends AppError {
  constructor() {
    super('campaign_ended', 'This campaign has ended; it can no longer be changed.', 409);
  }
}

export class CampaignSlugTakenError extends errorClass(
  'campaign_slug_taken',
  'Another campaign already has this slug.',
  409,
  { slug: 'is taken' },
) {}

export class PromoCodeTakenError extends errorClass('promo_code_taken', 'This promo code already exists.', 409, {
  code: 'is taken',
}) {}

export class PromoCodeUnknownError extends errorClass('promo_code_unknown', 'There is no such promo code.', 404) {}

/** The code or its campaign ran out (its end date passed, it was switched off, or the campaign paused or ended). */
export class PromoCodeExpiredError extends errorClass(
  'promo_code_expired',
  'This promo code is no longer valid.',
  410,
) {}

export class PromoCodeUsedError extends errorClass(
  'promo_code_used',
  'You already received this bonus with a promo code.',
  409,
) {}

export class PromoCodeExhaustedError extends errorClass(
  'promo_code_exhausted',
  'This promo code has been used as often as it may be.',
  410,
) {}

/** A player on a break (time-out, self-exclusion, closure) receives no bonus, by promo code neither. */
export class BonusesPausedError extends errorClass(
  'bonuses_not_allowed',
  'No bonus can be received during a break from play.',
  403,
) {}

/** Terms past what the admins' limits allow in some currency (the fields say which and by how much). */
export class CampaignBeyondLimitsError extends fieldsErrorClass(
  'campaign_beyond_limits',
  'These terms pass the campaign limits the admins set.',
  400,
) {}

/** A live campaign's edit is already waiting for a second marketing member: decide that one first. */
export class CampaignEditPendingError extends errorClass(
  'campaign_edit_pending',
  'An edit of this campaign is already waiting for approval.',
  409,
) {}
