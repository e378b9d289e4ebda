import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SWRConfig } from 'swr';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { PlayerList } from './player-lists';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

function renderList(kind: 'ledger' | 'withdrawals', body: unknown, locale: 'en' | 'de' = 'en') {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => json(body)),
  );
  navigationState.reset('/en/staff/players/7', `tab=${kind}`);
  return renderWithProviders(
    <SWRConfig value={{ provider: () => new Map() }}>
      <PlayerList playerId={7} name="ann" kind={kind} />
    </SWRConfig>,
    { locale },
  );
}

describe("a player's lists in the back office", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names ledger kinds and accounts in words, in the staff member’s language', async () => {
    const page = {
      items: [
        {
          id: 1,
          createdAt: '2026-11-20T10:00:00.000Z',
          kind: 'sports_reversal',
          account: 'bonus',
          amount: '-5.00',
          balanceAfter: '0.00',
          currency: 'EUR',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    };
    renderList('ledger', page, 'de');
    const row = (await screen.findByText('-5.00 EUR')).closest('tr')!;
    expect(row.textContent).not.toContain('sports_reversal');
    expect(row.textContent).toContain('Bonusguthaben');
  });

  it('names withdrawal statuses in words', async () => {
    const page = {
      items: [
        {
          id: '4f9c7c1e-8a55-4a8e-9a57-0c1d2e3f4a5b',
          status: 'approved',
          method: 'bank_transfer',
          amount: '30.00',
          currency: 'EUR',
          details: {},
          reason: null,
          createdAt: '2026-11-20T10:00:00.000Z',
          approvedAt: '2026-11-20T11:00:00.000Z',
          paidAt: null,
          rejectedAt: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    };
    renderList('withdrawals', page);
    const row = (await screen.findByText('30.00 EUR')).closest('tr')!;
    expect(row.textContent).toContain('Approved');
  });
});
