import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/test/render';
import { CasinoList, useListChange } from './casino-list';

function Harness({ work }: { work: () => Promise<unknown> }) {
  const { message, change } = useListChange();
  return (
    <CasinoList
      loadError={null}
      loaded
      onRetry={() => undefined}
      message={message}
      caption="Providers"
      head={<th scope="col">Provider</th>}
      footer={
        <button type="button" onClick={() => void change(work, 'Saved.')}>
          Change
        </button>
      }
    >
      <tr>
        <td>Originals</td>
      </tr>
    </CasinoList>
  );
}

describe('CasinoList', () => {
  it('names the scrollable table by its caption and announces a change that worked', async () => {
    renderWithProviders(<Harness work={async () => undefined} />);
    const region = screen.getByRole('region', { name: 'Providers' });
    expect(within(region).getByRole('cell', { name: 'Originals' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
  });

  it('a refused change is an alert with the refusal', async () => {
    const work = vi.fn().mockRejectedValue(new ApiError(403, 'forbidden', 'No.', 'r1'));
    renderWithProviders(<Harness work={work} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });

  it('until it has loaded: the failure with a retry, or a loading note', () => {
    const onRetry = vi.fn();
    const props = { message: null, caption: 'Providers', head: null, children: null, onRetry };
    const { rerender } = renderWithProviders(<CasinoList {...props} loadError={null} loaded={false} />);
    expect(screen.getByRole('status').textContent).toBe('…');
    rerender(<CasinoList {...props} loadError={new Error('offline')} loaded={false} />);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
