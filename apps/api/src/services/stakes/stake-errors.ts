import { AppError } from '../../lib/errors';

/**
 * A stake guard refused a bet whose caller only hears the seamless wallet's `bet_refused` (the Originals host): the
 * player learns that the bet cannot be placed now; the guard's own code reaches sports bets directly.
 */
export class BetRefusedError extends AppError {
  constructor() {
    super('bet_refused', 'This bet cannot be placed now.', 409);
  }
}
