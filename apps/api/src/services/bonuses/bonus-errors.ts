import { AppError } from '../../lib/errors';

export class BonusNotFoundError extends AppError {
  constructor() {
    super('bonus_not_found', 'No such bonus for this player.', 404);
  }
}

/** The offer was already answered, or ran out before the answer. */
export class BonusNotOfferedError extends AppError {
  constructor() {
    super('bonus_not_offered', 'This bonus is no longer on offer.', 409);
  }
}

export class BonusNotActiveError extends AppError {
  constructor() {
    super('bonus_not_active', 'This bonus is not being wagered.', 409);
  }
}

export class BonusNotCoinsError extends AppError {
  constructor() {
    super('bonus_not_coins', 'Only a coins bonus has a pick.', 409);
  }
}

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
