import type { ActiveBonus } from '@playhouse/shared/contracts/bonuses';
import { describe, expect, it } from 'vitest';
import { coinGameReducer, initialCoinGameState, type CoinGameEvent, type CoinGameState } from './coin-game';

const BONUS: ActiveBonus = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'coins',
  slug: 'welcome-coins',
  nameKey: 'campaigns.welcome-coins.name',
  amount: '10.00',
  currencyCode: 'EUR',
  wagerRequired: '300.00',
  wagered: '0.00',
  left: '300.00',
  maxBet: '5.00',
  expiresAt: '2026-12-01T00:00:00.000Z',
  freeSpinsLeft: null,
};

const run = (...events: CoinGameEvent[]) => events.reduce<CoinGameState>(coinGameReducer, initialCoinGameState);
const COINS = ['10.00', '1.00', '5.00'];

describe('coinGameReducer', () => {
  it('goes idle → picking → revealed → accepting → accepted', () => {
    expect(run({ type: 'pick', index: 0 })).toMatchObject({ phase: 'picking', index: 0, amount: null });
    expect(run({ type: 'pick', index: 0 }, { type: 'picked', amount: '10.00', coins: COINS })).toMatchObject({
      phase: 'picking',
      amount: '10.00',
    });
    const revealed = run(
      { type: 'pick', index: 0 },
      { type: 'picked', amount: '10.00', coins: COINS },
      { type: 'revealDue' },
    );
    expect(revealed).toEqual({ phase: 'revealed', index: 0, amount: '10.00', coins: COINS });
    const accepting = coinGameReducer(revealed, { type: 'acceptDue' });
    expect(accepting.phase).toBe('accepting');
    expect(coinGameReducer(accepting, { type: 'accepted', bonus: BONUS })).toMatchObject({
      phase: 'accepted',
      amount: '10.00',
      bonus: BONUS,
    });
  });

  it('ignores a second pick while the first is under way, and after it', () => {
    const picking = run({ type: 'pick', index: 1 });
    expect(coinGameReducer(picking, { type: 'pick', index: 2 })).toBe(picking);
    const revealed = run(
      { type: 'pick', index: 1 },
      { type: 'revealDue' },
      { type: 'picked', amount: '1.00', coins: COINS },
    );
    expect(coinGameReducer(revealed, { type: 'pick', index: 0 })).toBe(revealed);
  });

  it('reveals when the api answers if the reveal time has already passed', () => {
    const waiting = run({ type: 'pick', index: 2 }, { type: 'revealDue' });
    expect(waiting).toMatchObject({ phase: 'picking', revealDue: true });
    expect(coinGameReducer(waiting, { type: 'picked', amount: '5.00', coins: COINS }).phase).toBe('revealed');
  });

  it('does not accept before the reveal', () => {
    const picking = run({ type: 'pick', index: 0 }, { type: 'picked', amount: '10.00', coins: COINS });
    expect(coinGameReducer(picking, { type: 'acceptDue' })).toBe(picking);
  });

  it('a failed pick returns to idle with the error; a failed acceptance can be tried again', () => {
    const error = new Error('offline');
    expect(run({ type: 'pick', index: 0 }, { type: 'pickFailed', error })).toEqual({ phase: 'idle', error });
    const failed = run(
      { type: 'pick', index: 0 },
      { type: 'picked', amount: '10.00', coins: COINS },
      { type: 'revealDue' },
      { type: 'acceptDue' },
      { type: 'acceptFailed', error },
    );
    expect(failed).toMatchObject({ phase: 'failed', error });
    expect(coinGameReducer(failed, { type: 'acceptDue' }).phase).toBe('accepting');
  });
});
