import type { ActiveBonus } from '@playhouse/shared/contracts/bonuses';

/**
 * SPEC.md §4 "Coin bonus game": idle → a coin is picked (the server draws its amount) → all coins revealed about
 * 3100 ms after the pick → the bonus accepted about 4000 ms after the reveal. Only 'idle' takes a click; a failed pick
 * goes back to idle, a failed acceptance waits for the player to receive the bonus by hand.
 */
export type CoinGameState =
  | { phase: 'idle'; error: unknown }
  | {
      phase: 'picking';
      index: number;
      /** Known once the server has answered. */
      amount: string | null;
      coins: string[] | null;
      /** The reveal delay has passed while the answer was still on its way. */
      revealDue: boolean;
    }
  | { phase: 'revealed' | 'accepting'; index: number; amount: string; coins: string[] }
  | { phase: 'accepted'; index: number; amount: string; coins: string[]; bonus: ActiveBonus }
  | { phase: 'failed'; index: number; amount: string; coins: string[]; error: unknown };

export type CoinGameEvent =
  | { type: 'pick'; index: number }
  | { type: 'picked'; amount: string; coins: string[] }
  | { type: 'pickFailed'; error: unknown }
  | { type: 'revealDue' }
  | { type: 'acceptDue' }
  | { type: 'accepted'; bonus: ActiveBonus }
  | { type: 'acceptFailed'; error: unknown };

export const initialCoinGameState: CoinGameState = { phase: 'idle', error: null };

export function coinGameReducer(state: CoinGameState, event: CoinGameEvent): CoinGameState {
  switch (event.type) {
    case 'pick':
      // Clicks while a pick is under way (or after it) change nothing.
      return state.phase === 'idle'
        ? { phase: 'picking', index: event.index, amount: null, coins: null, revealDue: false }
        : state;
    case 'picked':
      if (state.phase !== 'picking') return state;
      return state.revealDue
        ? { phase: 'revealed', index: state.index, amount: event.amount, coins: event.coins }
        : { ...state, amount: event.amount, coins: event.coins };
    case 'pickFailed':
      return state.phase === 'picking' ? { phase: 'idle', error: event.error } : state;
    case 'revealDue':
      if (state.phase !== 'picking') return state;
      return state.amount !== null && state.coins !== null
        ? { phase: 'revealed', index: state.index, amount: state.amount, coins: state.coins }
        : { ...state, revealDue: true };
    case 'acceptDue':
      return state.phase === 'revealed' || state.phase === 'failed'
        ? { phase: 'accepting', index: state.index, amount: state.amount, coins: state.coins }
        : state;
    case 'accepted':
      return state.phase === 'accepting' ? { ...state, phase: 'accepted', bonus: event.bonus } : state;
    case 'acceptFailed':
      return state.phase === 'accepting' ? { ...state, phase: 'failed', error: event.error } : state;
  }
}
