import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bet } from '@playhouse/shared/contracts/sports';
import { ApiError } from '@/lib/api-error';
import { slipStore } from '@/lib/sports/bet-slip-store';
import { previewBets } from '@/lib/funding/funding-api';
import { placeBet } from '@/lib/sports/sports-api';
import { EMPTY_SLIP } from '@/lib/sports/bet-slip';
import { makeStore } from '@/store/store';
import { login } from '@/store/user-slice';
import { bonusRules, stakePreview } from '@/test/funding-fixtures';
import { renderWithProviders } from '@/test/render';
import { BetSlip } from './bet-slip';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);
vi.mock('@/lib/sports/sports-api', () => ({
  placeBet: vi.fn(),
  fetchOddType: vi.fn(() => new Promise(() => undefined)),
  saveOddType: vi.fn(),
}));
vi.mock('@/lib/funding/funding-api', () => ({
  previewBets: vi.fn(() => new Promise(() => undefined)),
  previewCasinoStake: vi.fn(),
}));

const PICK = {
  outcomeId: 501,
  matchId: 77,
  matchDateTimeUTC: Date.now() + 3_600_000,
  teams: ['Lions', 'Tigers'] as [string, string],
  betName: 'Match result',
  label: '1',
  odd: 1.43,
};
const BET: Bet = {
  id: 'bet-1',
  kind: 'single',
  status: 'open',
  stake: '50.00',
  currency: 'EUR',
  totalOdd: 1.43,
  potentialPayout: '71.50',
  payout: null,
  oddsChangePolicy: 'none',
  placedAt: new Date().toISOString(),
  settledAt: null,
  selections: [],
  funding: { stake: { cash: '50.00', bonus: '0.00', freeSpin: '0.00' }, payout: null },
};
const lostAnswer = () => new ApiError(0, 'network_error', 'Failed to fetch');

/** The idempotency key of each bet placement the slip sent. */
const keysSent = () => vi.mocked(placeBet).mock.calls.map(([, , key]) => key);

function renderSlip() {
  const store = makeStore();
  store.dispatch(login({ id: 7, username: 'ada', currency: 'EUR' }));
  return renderWithProviders(<BetSlip lng="en" returnTo="/en" />, { store });
}

describe('the bet slip: one submission, one key', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    act(() => slipStore.update(() => ({ ...EMPTY_SLIP, selections: [PICK], stake: '50.00' })));
  });
  afterEach(() => {
    vi.mocked(placeBet).mockReset();
    act(() => slipStore.update(() => EMPTY_SLIP));
  });

  it('sends the same key again after a lost answer, so the api places the bet once', async () => {
    vi.mocked(placeBet).mockRejectedValueOnce(lostAnswer());
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(''));
    vi.mocked(placeBet).mockResolvedValueOnce(BET);
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByText(/Your bet is placed\./);
    const keys = keysSent();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the key of an unanswered submission across a reload of the page', async () => {
    vi.mocked(placeBet).mockRejectedValueOnce(lostAnswer());
    const first = renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(''));
    first.unmount();
    vi.mocked(placeBet).mockResolvedValueOnce(BET);
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByText(/Your bet is placed\./);
    const keys = keysSent();
    expect(keys[1]).toBe(keys[0]);
  });

  it('makes a new key for a different submission and after an answered one', async () => {
    vi.mocked(placeBet).mockRejectedValueOnce(new ApiError(409, 'insufficient_funds', 'No.'));
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(''));
    // Answered (refused): sending it again is a new submission, which the api judges afresh.
    vi.mocked(placeBet).mockResolvedValueOnce(BET);
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByText(/Your bet is placed\./);
    await waitFor(() => expect(keysSent()).toHaveLength(2));
    const keys = keysSent();
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('the bet slip: how the stake would be paid', () => {
  const PICK_2 = { ...PICK, outcomeId: 502, matchId: 78, odd: 2.1 };
  beforeEach(() => {
    // The slips of the tests above ask for their funding 400 ms after they render: on a slow machine those questions
    // (for 50.00) are recorded after their test ended.
    vi.mocked(previewBets).mockClear();
    act(() => slipStore.update(() => ({ ...EMPTY_SLIP, selections: [PICK], stake: '20.00' })));
  });
  afterEach(() => {
    vi.mocked(previewBets).mockReset();
    vi.mocked(previewBets).mockImplementation(() => new Promise(() => undefined));
    act(() => slipStore.update(() => EMPTY_SLIP));
  });

  it("asks the api's dry run with the bets the slip would place and shows cash, bonus money and the bonus's rules", async () => {
    vi.mocked(previewBets).mockResolvedValue([stakePreview()]);
    renderSlip();
    const group = await screen.findByRole('group', { name: 'How it is paid' });
    await waitFor(() => expect(group.textContent).toContain('€5.00 from your cash, €15.00 from your bonus money.'));
    expect(group.textContent).toContain('Largest stake while it runs: €25.00');
    expect(group.textContent).toContain('Counts €20.00 towards the wagering when it settles');
    expect(vi.mocked(previewBets).mock.calls.map(([bets]) => bets)).toEqual([
      [{ kind: 'single', stake: '20.00', oddsChangePolicy: 'none', selections: [{ outcomeId: 501, odd: 1.43 }] }],
    ]);
  });

  it('asks again once the stake stops changing, and adds up a slip of singles', async () => {
    vi.mocked(previewBets).mockResolvedValue([stakePreview()]);
    act(() => slipStore.update((state) => ({ ...state, selections: [PICK, PICK_2] })));
    renderSlip();
    await waitFor(() => expect(previewBets).toHaveBeenCalledTimes(1));
    vi.mocked(previewBets).mockResolvedValue([
      stakePreview({
        funding: { cash: '5.00', bonus: '0.00', freeSpin: '0.00' },
        bonus: bonusRules({ counts: '5.00' }),
      }),
      stakePreview({
        funding: { cash: '0.00', bonus: '5.00', freeSpin: '0.00' },
        bonus: bonusRules({ counts: '5.00' }),
      }),
    ]);
    const stake = screen.getByLabelText('Stake per bet (EUR)');
    fireEvent.change(stake, { target: { value: '1' } });
    fireEvent.change(stake, { target: { value: '15' } });
    fireEvent.change(stake, { target: { value: '5.00' } });
    const group = screen.getByRole('group', { name: 'How it is paid' });
    await waitFor(() => expect(group.textContent).toContain('€5.00 from your cash, €5.00 from your bonus money.'));
    expect(group.textContent).toContain('Counts €10.00 towards the wagering');
    // One question for the typing: the stakes typed on the way (1, 15) are never asked about.
    expect(previewBets).toHaveBeenCalledTimes(2);
    expect(vi.mocked(previewBets).mock.calls[1]?.[0].map((bet) => bet.stake)).toEqual(['5.00', '5.00']);
  });

  it('names the refusal the placement would meet', async () => {
    vi.mocked(previewBets).mockResolvedValue([
      stakePreview({ funding: null, refusal: { code: 'insufficient_funds', message: 'Insufficient funds' } }),
    ]);
    renderSlip();
    expect(await screen.findByText(/^This would be refused: /)).toBeTruthy();
  });

  it('asks nothing for a visitor or a stake that is not an amount', async () => {
    const store = makeStore();
    renderWithProviders(<BetSlip lng="en" returnTo="/en" />, { store });
    act(() => slipStore.update((state) => ({ ...state, stake: 'abc' })));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(previewBets).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'How it is paid' })).toBeNull();
  });
});

describe('the bet slip in play', () => {
  afterEach(() => {
    vi.mocked(placeBet).mockReset();
    act(() => slipStore.update(() => EMPTY_SLIP));
  });

  it('says in-play bets wait, shows the wait while the api holds the bet, then the acceptance', async () => {
    act(() =>
      slipStore.update(() => ({ ...EMPTY_SLIP, selections: [{ ...PICK, betDelayMs: 5_000 }], stake: '50.00' })),
    );
    let answer!: (bet: Bet) => void;
    vi.mocked(placeBet).mockReturnValueOnce(new Promise<Bet>((resolve) => (answer = resolve)));
    renderSlip();
    expect(screen.getByText(/In play: a bet waits 5 seconds/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    const bar = await screen.findByRole('progressbar', { name: 'Waiting for acceptance' });
    expect(bar.getAttribute('aria-valuetext')).toMatch(/seconds? left/);
    // Announced once through the slip's polite status, not every second.
    expect(screen.getByRole('status').textContent).toContain('In play: your bet waits 5 seconds');
    await act(async () => answer(BET));
    await screen.findByText(/Your bet is placed\./);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows no wait for a bet before kick-off', async () => {
    act(() => slipStore.update(() => ({ ...EMPTY_SLIP, selections: [PICK], stake: '50.00' })));
    vi.mocked(placeBet).mockResolvedValueOnce(BET);
    renderSlip();
    expect(screen.queryByText(/In play: a bet waits/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place bet' }));
    await screen.findByText(/Your bet is placed\./);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
