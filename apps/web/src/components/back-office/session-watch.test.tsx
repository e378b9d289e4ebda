import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { officeApi, STAFF_ACTIVITY_EVENT } from '@/lib/back-office/office-api';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { SessionWatch } from './session-watch';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const IDLE_MS = 60_000;
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const expired = () => json(401, { error: { code: 'unauthorized', message: 'Sign in first.' }, requestId: 'r1' });

/** Lets the mocked fetch answer and the answer's handlers run. */
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

describe('SessionWatch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    navigationState.reset('/en/staff/audit', 'actorId=4');
    window.history.replaceState(null, '', '/en/staff/audit?actorId=4');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends an idle member to the sign-in, back to the same view, once the api ended the session', async () => {
    fetchMock.mockImplementation(async () => expired());
    renderWithProviders(<SessionWatch lng="en" idleTimeoutMs={IDLE_MS} />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(IDLE_MS)));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(2_000)));
    await settle();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/spa/staff/me');
    expect(navigationState.replace).toHaveBeenCalledWith('/en/staff/login?next=%2Fstaff%2Faudit%3FactorId%3D4');
  });

  it('waits again while back-office calls keep the session alive', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    renderWithProviders(<SessionWatch lng="en" idleTimeoutMs={IDLE_MS} />);
    for (let minute = 0; minute < 5; minute += 1) {
      await act(async () => void (await vi.advanceTimersByTimeAsync(50_000)));
      act(() => void window.dispatchEvent(new Event(STAFF_ACTIVITY_EVENT)));
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigationState.replace).not.toHaveBeenCalled();
  });

  it('sends the member to the sign-in at once when any back-office call answers 401', async () => {
    fetchMock.mockImplementation(async () => expired());
    renderWithProviders(<SessionWatch lng="en" idleTimeoutMs={IDLE_MS} />);
    await act(async () => {
      await officeApi('/spa/staff/audit', null).catch(() => undefined);
    });
    expect(navigationState.replace).toHaveBeenCalledWith('/en/staff/login?next=%2Fstaff%2Faudit%3FactorId%3D4');
  });
});
