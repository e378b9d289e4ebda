import type { Campaign } from '@playhouse/shared/contracts/marketing';
import { fireEvent, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { GrantOffer } from './grant-offer';

const CAMPAIGN: Campaign = {
  id: 7,
  slug: 'spring-gift',
  names: { en: 'Spring gift' },
  kind: 'free_money',
  template: 'standard',
  trigger: 'manual',
  amount: '5.00',
  matchPercent: null,
  minDeposit: null,
  items: [],
  freeSpins: null,
  freeSpinStake: null,
  gameSlug: null,
  wager: 10,
  maxBet: '2.00',
  validDays: 7,
  offerDays: 14,
  contributions: { slots: 100 },
  sportsMinOdd: '1.50',
  currencyAmounts: {},
  weekdays: [],
  timeZone: 'UTC',
  payout: 'bonus',
  status: 'active',
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
  endedAt: null,
  offers: 0,
  active: 0,
  promoCodes: [],
  approvedAt: '2026-11-25T08:10:00.000Z',
  approvedBy: 3,
  pendingRequests: [],
};

const request = (id: string, login: string, campaign: string) => ({
  id,
  kind: 'bonus_offer',
  status: 'pending',
  subject: { id: 1, login },
  payload: { campaign },
  requestedBy: 2,
  requestedAt: '2026-11-25T08:10:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  result: null,
});

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderGrant(can: { request: boolean; approve: boolean }) {
  return renderWithProviders(
    <SWRConfig value={{ provider: () => new Map() }}>
      <GrantOffer campaign={CAMPAIGN} name="Spring gift" canRequest={can.request} canApprove={can.approve} />
    </SWRConfig>,
  );
}

describe('GrantOffer', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('asks for an offer to a player with an idempotency key and says a second member must approve', async () => {
    fetchMock.mockImplementation(async () =>
      json(201, { request: request('0b9f4a7e-2f4c-4b8e-9a57-3c2f3d7d1a11', 'ada', 'spring-gift') }),
    );
    renderGrant({ request: true, approve: false });
    fireEvent.click(screen.getByRole('button', { name: 'Offer to a player' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer Spring gift to a player' });
    fireEvent.change(within(dialog).getByLabelText("Player's e-mail or username"), { target: { value: 'ada' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for approval' }));
    expect(await within(dialog).findByText(/A second marketing member must approve before ada/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/spa\/staff\/bonuses\/offers$/);
    expect(JSON.parse(String(init?.body))).toEqual({ login: 'ada', campaign: 'spring-gift' });
    expect(init?.headers).toHaveProperty('Idempotency-Key');
  });

  it('lists only this campaign’s waiting requests and approves one', async () => {
    const mine = request('1b9f4a7e-2f4c-4b8e-9a57-3c2f3d7d1a11', 'ada', 'spring-gift');
    const other = request('2b9f4a7e-2f4c-4b8e-9a57-3c2f3d7d1a11', 'bob', 'another');
    fetchMock.mockImplementation(async (input) => {
      if (String(input).includes('/approve')) return json(200, { request: { ...mine, status: 'approved' } });
      return json(200, { items: [mine, other], page: 1, perPage: 50, total: 2 });
    });
    renderGrant({ request: false, approve: true });
    const table = await screen.findByRole('table', { name: 'Offer requests waiting for a second pair of eyes' });
    expect(within(table).getByText('ada')).toBeTruthy();
    expect(within(table).queryByText('bob')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Offer to a player' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Approve: ada' }));
    expect(await screen.findByText('Approved: ada has the offer.')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([input]) => String(input).endsWith(`/spa/staff/bonuses/offers/${mine.id}/approve`)),
    ).toBe(true);
  });
});
