import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWRConfig } from 'swr';
import { renderWithProviders } from '@/test/render';
import { TabSettingsForm } from './tab-settings-form';

const fetchMock = vi.fn<typeof fetch>();
const TABS = [
  ['cashbox', true],
  ['profile', true],
  ['bonuses', false],
  ['transactions', false],
  ['withdrawals', true],
  ['myBets', false],
  ['favourites', false],
  ['recentlyPlayed', false],
  ['responsibleGaming', true],
  ['verification', true],
  ['statement', true],
].map(([tab, required]) => ({ tab, required, visible: true }));

describe('TabSettingsForm', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('offers only the optional tabs and saves the unticked ones as hidden', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ tabs: TABS }), { status: 200 }));
    renderWithProviders(
      <SWRConfig value={{ provider: () => new Map() }}>
        <TabSettingsForm lng="en" />
      </SWRConfig>,
    );
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('name'))).toEqual([
      'bonuses',
      'transactions',
      'myBets',
      'favourites',
      'recentlyPlayed',
    ]);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ tabs: TABS.map((entry) => ({ ...entry, visible: entry.tab !== 'myBets' })) }), {
        status: 200,
      }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show My bets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/spa/users/profile/tab-display-settings');
    expect(init).toMatchObject({ method: 'PUT', body: '{"hidden":["myBets"]}' });
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Show My bets' }) as HTMLInputElement).checked).toBe(false),
    );
  });
});
