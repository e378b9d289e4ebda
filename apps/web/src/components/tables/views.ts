import type {
  BaccaratView,
  BlackjackView,
  CasinoHoldemView,
  CrapsView,
  RedDogView,
  RouletteView,
  SicBoView,
  ThreeCardPokerView,
  VideoPokerView,
} from '@playhouse/games';

/*
 * The api sends a round's view as JSON; these tell each game's screen that the view is the one its engine draws (the
 * engines in packages/games define the shapes, the same code the api ran).
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function isBlackjackView(view: unknown): view is BlackjackView {
  return isObject(view) && isObject(view.dealer) && Array.isArray(view.boxes);
}

export function isRouletteView(view: unknown): view is RouletteView {
  return isObject(view) && typeof view.pocket === 'number' && typeof view.color === 'string';
}

export function isBaccaratView(view: unknown): view is BaccaratView {
  return isObject(view) && Array.isArray(view.player) && Array.isArray(view.banker) && typeof view.winner === 'string';
}

export function isThreeCardPokerView(view: unknown): view is ThreeCardPokerView {
  return isObject(view) && Array.isArray(view.player) && 'playerHand' in view && !('board' in view);
}

export function isCasinoHoldemView(view: unknown): view is CasinoHoldemView {
  return isObject(view) && Array.isArray(view.player) && Array.isArray(view.board);
}

export function isVideoPokerView(view: unknown): view is VideoPokerView {
  return isObject(view) && Array.isArray(view.cards) && typeof view.hand === 'string';
}

export function isSicBoView(view: unknown): view is SicBoView {
  return isObject(view) && Array.isArray(view.dice) && typeof view.total === 'number';
}

export function isRedDogView(view: unknown): view is RedDogView {
  return isObject(view) && Array.isArray(view.cards) && typeof view.spread === 'number';
}

export function isCrapsView(view: unknown): view is CrapsView {
  return isObject(view) && Array.isArray(view.rolls);
}
