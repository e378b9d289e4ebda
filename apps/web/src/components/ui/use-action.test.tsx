import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/test/render';
import { useAction, type ActionOptions } from './use-action';

function TestButton({
  work,
  onError,
  ...options
}: ActionOptions & { work: () => Promise<unknown>; onError?: () => void }) {
  const action = useAction(options);
  return (
    <div>
      {action.error ? <p role="alert">{action.error}</p> : null}
      <button type="button" disabled={action.busy} onClick={() => void action.run(work, { onError })}>
        {action.busy ? 'Sending…' : 'Send'}
      </button>
    </div>
  );
}

describe('useAction', () => {
  it('is busy while the work runs, drops a second click meanwhile, and is ready again after', async () => {
    let finish = () => undefined as void;
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<TestButton work={work} />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    // A second click in the same frame, before the busy flag is drawn.
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeTruthy();
    await act(async () => finish());
    expect(work).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("shows the refusal's text, calls onError, and clears the text on the next attempt", async () => {
    const onError = vi.fn();
    const work = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'Too many.', 'r1'))
      .mockImplementation(() => new Promise<void>(() => undefined));
    renderWithProviders(<TestButton work={work} onError={onError} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("uses the area's own error text when it gets one", async () => {
    const work = () => Promise.reject(new Error('offline'));
    renderWithProviders(<TestButton work={work} errorText={() => 'The players screen says no.'} />);
    fireEvent.click(screen.getByRole('button'));
    expect((await screen.findByRole('alert')).textContent).toBe('The players screen says no.');
  });

  it('stays busy after a success that closes the dialog', async () => {
    const work = vi.fn(async () => undefined);
    renderWithProviders(<TestButton work={work} leavesOnSuccess />);
    fireEvent.click(screen.getByRole('button'));
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button'));
    expect(work).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeTruthy();
  });

  it("says which of the screen's actions runs, and none once it is done", async () => {
    let finish = () => undefined as void;
    function TwoButtons() {
      const { busyWith, run } = useAction();
      const work = () => new Promise<void>((resolve) => (finish = resolve));
      return (
        <div>
          <button type="button" onClick={() => void run(work, { what: 'approve' })}>
            {busyWith === 'approve' ? 'Approving…' : 'Approve'}
          </button>
          <button type="button" onClick={() => void run(work, { what: 'reject' })}>
            {busyWith === 'reject' ? 'Rejecting…' : 'Reject'}
          </button>
        </div>
      );
    }
    renderWithProviders(<TwoButtons />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('button', { name: 'Rejecting…' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('shows no text above the form for a refusal its errorText leaves to the form (null), and still calls onError', async () => {
    const onError = vi.fn();
    const work = () => Promise.reject(new ApiError(409, 'username_taken', 'Taken.', 'r1'));
    renderWithProviders(<TestButton work={work} onError={onError} errorText={() => null} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});
