import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/test/render';
import { useErrorText } from './use-error-text';

function Message({ error }: { error: unknown }) {
  return <p>{useErrorText()(error)}</p>;
}

const limitError = (fields: Record<string, string>) =>
  new ApiError(409, 'limit_exceeded', 'This would exceed your limit.', 'req-1', fields);

describe('useErrorText', () => {
  it('names the limit, what is left and when it fits again, in the player language', () => {
    const fields = {
      kind: 'loss',
      period: 'day',
      limit: '10.00',
      remaining: '2.50',
      resetsAt: '2030-01-02T09:30:00.000Z',
    };
    renderWithProviders(<Message error={limitError(fields)} />);
    expect(
      screen.getByText(
        /^This would go over your daily loss limit of 10\.00: 2\.50 is left, and this fits again from 2 Jan 2030, 09:30\.$/,
      ),
    ).toBeDefined();
  });

  it('says a stake above the limit itself never fits', () => {
    renderWithProviders(
      <Message error={limitError({ kind: 'wager', period: 'week', limit: '5.00', remaining: '5.00' })} />,
      {
        locale: 'de',
      },
    );
    expect(
      screen.getByText('Das ist mehr, als Ihr wöchentliches Einsatzlimit von 5.00 überhaupt zulässt.'),
    ).toBeDefined();
  });

  it('words a break by its kind', () => {
    renderWithProviders(
      <Message error={new ApiError(403, 'player_restricted', '', 'r', { kind: 'self_exclusion' })} />,
    );
    expect(
      screen.getByText('Your self-exclusion is in force: no deposits, bets or games until it ends.'),
    ).toBeDefined();
  });
});
