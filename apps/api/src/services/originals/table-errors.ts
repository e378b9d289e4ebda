import { AppError, errorClass } from '../../lib/errors';

/** The action is not one the round allows now (wrong phase, a rule forbids it, the round is over); nothing changed. */
export class IllegalActionError extends AppError {
  constructor(message: string) {
    super('illegal_action', `This move is not allowed now: ${message}.`, 409);
  }
}

/** The action names a step the round has already moved past, or another action is being settled with the wallet. */
export class ActionConflictError extends AppError {
  constructor() {
    super('action_conflict', 'The round has moved on meanwhile; look at it again and choose your next move.', 409);
  }
}

/** A game session plays one table round at a time. */
export class RoundOpenError extends errorClass(
  'round_open',
  'Finish the round in play before you start another.',
  409,
) {}

export class RoundNotFoundError extends errorClass('round_not_found', 'No such round in this game session.', 404) {}
