import type { TableActionBody, TableRound, TableRoundBody } from '@playhouse/shared/contracts/tables';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { BlackjackTable } from './blackjack-table';
import { CasinoHoldemTable, ThreeCardPokerTable } from './poker-tables';
import { RouletteTable } from './roulette-table';
import type { TableRoundControls } from './use-table-round';

function controls(round: TableRound | null) {
  const start = vi.fn<(body: TableRoundBody) => Promise<void>>(async () => undefined);
  const act = vi.fn<(action: TableActionBody) => Promise<void>>(async () => undefined);
  const value: TableRoundControls = { round, busy: false, resumed: false, start, act, newRound: vi.fn() };
  return { value, start, act };
}

const base = {
  id: 7,
  status: 'open' as const,
  nonce: 3,
  serverSeedHash: 'a'.repeat(64),
  clientSeed: 'seed',
  serverSeed: null,
  actions: [],
  nextIndex: 0,
  settlement: null,
  stake: '10.00',
  finishedByDefault: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('table screens', () => {
  it('blackjack shows the hand, keeps the hole card face down, and offers only the moves the round allows', () => {
    const round: TableRound = {
      ...base,
      game: 'blackjack',
      bets: { boxes: ['10.00'] },
      allowedActions: ['hit', 'stand', 'double', 'split'],
      view: {
        phase: 'playing',
        dealer: { cards: ['Kh'], holeCardHidden: true, total: 10, soft: false },
        boxes: [{ hands: [{ cards: ['8s', '8d'], total: 16, soft: false, doubled: false, status: 'playing' }] }],
        active: { box: 0, hand: 0 },
      },
    };
    const { value, act } = controls(round);
    renderWithProviders(<BlackjackTable lng="en" currency="EUR" game="blackjack" controls={value} />);
    expect(screen.getByRole('img', { name: 'king of hearts' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'face-down card' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /eight of/ })).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toContain('Box 1, hand 1: 16. The house shows king of hearts.');
    const moves = screen.getByRole('group', { name: 'Your move' });
    expect([...moves.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Hit',
      'Stand',
      'Double',
      'Split',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(act).toHaveBeenCalledWith({ type: 'split' });
  });

  it('blackjack multihand deals the stakes of the boxes chosen', () => {
    const { value, start } = controls(null);
    renderWithProviders(<BlackjackTable lng="en" currency="EUR" game="blackjack-multihand" controls={value} />);
    fireEvent.change(screen.getByLabelText('Boxes'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Box 2 stake'), { target: { value: '2.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deal' }));
    expect(start).toHaveBeenCalledWith({ game: 'blackjack-multihand', bets: { boxes: ['1.00', '2.50'] } });
  });

  it('roulette takes chips on numbers, outside bets and any inside bet of the layout, then spins them', () => {
    const { value, start } = controls(null);
    renderWithProviders(<RouletteTable lng="en" currency="EUR" game="roulette-european" controls={value} />);
    fireEvent.click(screen.getByRole('button', { name: 'Straight up on 17' }));
    fireEvent.click(screen.getByRole('button', { name: 'Straight up on 17 (€1.00)' }));
    fireEvent.click(screen.getByRole('button', { name: '€5.00 chip' }));
    fireEvent.click(screen.getByRole('button', { name: 'Red' }));
    fireEvent.change(screen.getByLabelText('Bet'), { target: { value: 'corner' } });
    fireEvent.change(screen.getByLabelText('Numbers'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place the chip' }));
    expect(screen.getByText('Total stake: €12.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    expect(start).toHaveBeenCalledWith({
      game: 'roulette-european',
      bets: {
        bets: [
          { kind: 'straight', numbers: [17], stake: '2.00' },
          { kind: 'red', stake: '5.00' },
          { kind: 'corner', numbers: [1, 2, 4, 5], stake: '5.00' },
        ],
      },
    });
  });

  it('an ante game deals the ante and its side bet, trimmed, and leaves a blank side bet out', () => {
    const poker = controls(null);
    renderWithProviders(<ThreeCardPokerTable lng="en" currency="EUR" game="three-card-poker" controls={poker.value} />);
    fireEvent.change(screen.getByLabelText('Pair plus (optional)'), { target: { value: ' 2.00 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deal' }));
    expect(poker.start).toHaveBeenCalledWith({ game: 'three-card-poker', bets: { ante: '1.00', pairPlus: '2.00' } });

    const holdem = controls(null);
    renderWithProviders(<CasinoHoldemTable lng="en" currency="EUR" game="casino-holdem" controls={holdem.value} />);
    const deals = screen.getAllByRole('button', { name: 'Deal' });
    fireEvent.click(deals[deals.length - 1]!);
    expect(holdem.start).toHaveBeenCalledWith({ game: 'casino-holdem', bets: { ante: '1.00', aaBonus: undefined } });
  });

  it('an ante game will not deal a stake that is not an amount', () => {
    const poker = controls(null);
    renderWithProviders(<ThreeCardPokerTable lng="en" currency="EUR" game="three-card-poker" controls={poker.value} />);
    fireEvent.change(screen.getByLabelText('Pair plus (optional)'), { target: { value: 'ten' } });
    expect(screen.getByRole('button', { name: 'Deal' }).hasAttribute('disabled')).toBe(true);
  });
});
