import { errorClass } from '../../lib/errors';

/** A game that needs a deposit first (SPEC.md §2 "locked"): the site shows the deposit popup instead. */
export class GameLockedError extends errorClass('game_locked', 'Make a deposit to play this game.', 403) {}

export class DemoUnavailableError extends errorClass('demo_unavailable', 'This game has no demo mode.', 400) {}
