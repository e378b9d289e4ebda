import { AppError } from '../../lib/errors';

/** A missing, unknown or expired X-Game-Session token of the Originals host. */
export class GameSessionInvalidError extends AppError {
  constructor() {
    super('game_session_invalid', 'The game session has ended; open the game again.', 401);
  }
}
