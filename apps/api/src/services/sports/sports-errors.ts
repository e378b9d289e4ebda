import { AppError, errorClass, flaggedErrorClass } from '../../lib/errors';

export class MatchNotFoundError extends errorClass('match_not_found', 'There is no such match.', 404) {}

export class OutcomeNotFoundError extends AppError {
  constructor(outcomeId: number) {
    super('outcome_not_found', `Selection ${outcomeId} is not offered.`, 404);
  }
}

export class MarketSuspendedError extends flaggedErrorClass(
  'market_suspended',
  'A selection is not available right now; remove it from the slip.',
  409,
  'suspended',
) {}

export class MatchStartedError extends flaggedErrorClass(
  'match_started',
  'A match on the slip has already started; remove it from the slip.',
  409,
  'started',
) {}

/** A bet in play waited its delay and its match was no longer in play at the end (it ended or was called off). */
export class MatchNotInPlayError extends flaggedErrorClass(
  'match_not_in_play',
  'A match on the slip is no longer in play; remove it from the slip.',
  409,
  'not_in_play',
) {}

/** The current odds differ from what the player saw and the player's policy refuses them; `fields` holds them. */
export class OddsChangedError extends AppError {
  constructor(current: Record<string, string>) {
    super('odds_changed', 'Some odds have changed. Check the new odds and place the bet again.', 409, current);
  }
}

export class SameMatchTwiceError extends flaggedErrorClass(
  'same_match_twice',
  'An accumulator can hold only one selection per match.',
  400,
  'duplicate',
) {}

export class SelectionCountError extends AppError {
  constructor(message: string) {
    super('invalid_selection_count', message, 400);
  }
}

export class StakeBelowMinimumError extends AppError {
  constructor(minimum: string, currency: string) {
    super('stake_below_minimum', `The minimum stake is ${minimum} ${currency}.`, 400, { stake: minimum });
  }
}

export class StakeAboveMaximumError extends AppError {
  constructor(maximum: string, currency: string) {
    super('stake_above_maximum', `The maximum stake is ${maximum} ${currency}.`, 400, { stake: maximum });
  }
}

export class PayoutAboveMaximumError extends AppError {
  constructor(maximum: string, currency: string) {
    super('payout_above_maximum', `The maximum payout of a bet is ${maximum} ${currency}; lower the stake.`, 400, {
      potentialPayout: maximum,
    });
  }
}

export class FeedTokenError extends errorClass('feed_token_invalid', 'The feed token is missing or wrong.', 401) {}

export class LeagueNotFoundError extends errorClass('league_not_found', 'There is no such league.', 404) {}

export class FavouriteLeaguesFullError extends AppError {
  constructor(max: number) {
    super('favourite_leagues_full', `A player keeps at most ${max} favourite leagues; remove one first.`, 409);
  }
}

/** A bet that is not the player's (or not at all): the same answer, so nobody learns of others' bets. */
export class BetNotFoundError extends errorClass('bet_not_found', 'There is no such bet among yours.', 404) {}

/** The bet has no cash-out price now; `fields.reason` says why (suspended, switched_off, not_open, too_small). */
export class CashOutUnavailableError extends AppError {
  constructor(reason: string) {
    super('cash_out_unavailable', 'Cash out is not available for this bet right now.', 409, { reason });
  }
}

/** The price dropped beyond the tolerance below the one the player saw; `fields.price` is the current one. */
export class CashOutPriceChangedError extends AppError {
  constructor(price: string | null) {
    super('cash_out_price_changed', 'The cash-out price has dropped; check the new price and try again.', 409, {
      price: price ?? '',
    });
  }
}

export class CashOutStakeInvalidError extends AppError {
  constructor(message: string) {
    super('cash_out_stake_invalid', message, 400, { stake: 'invalid' });
  }
}
