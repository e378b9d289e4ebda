import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWRConfig } from 'swr';
import { renderWithProviders } from '@/test/render';
import { LocalesPanel } from './locales-panel';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const locale = (code: string, title: string, oddType: string) => ({
  code,
  added: true,
  title,
  imagePath: `/media/flags/${code}.svg`,
  enabled: true,
  isDefault: code === 'en',
  position: 0,
  oddType,
  translated: 10,
  total: 10,
});

function renderPanel(canManage: boolean) {
  return renderWithProviders(
    <SWRConfig value={{ provider: () => new Map() }}>
      <LocalesPanel lng="en" canManage={canManage} />
    </SWRConfig>,
  );
}

describe('LocalesPanel: the odds format per language', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("sets a language's odds format for visitors and says so", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ locales: [locale('en', 'English', 'decimal'), locale('de', 'Deutsch', 'decimal')] }),
    );
    renderPanel(true);
    const german = await screen.findByRole('combobox', { name: 'Odds format for visitors in Deutsch' });
    fetchMock.mockResolvedValueOnce(
      json({ locales: [locale('en', 'English', 'decimal'), locale('de', 'Deutsch', 'fractional')] }),
    );
    fireEvent.change(german, { target: { value: 'fractional' } });
    await screen.findByText(/Visitors in Deutsch now see .+ odds\./);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/spa/staff/content/locales/de/odd-type');
    expect(init).toMatchObject({ method: 'PUT', body: '{"oddType":"fractional"}' });
    await waitFor(() => expect((german as HTMLSelectElement).value).toBe('fractional'));
  });

  it('shows the format as text to a member who may not change languages', async () => {
    fetchMock.mockResolvedValueOnce(json({ locales: [locale('en', 'English', 'american')] }));
    renderPanel(false);
    expect(await screen.findByRole('cell', { name: 'American' })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
