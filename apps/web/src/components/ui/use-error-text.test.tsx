import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/test/render';
import { useAreaErrorText, useErrorText } from './use-error-text';

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

describe('useAreaErrorText', () => {
  function AreaMessage({ error }: { error: unknown }) {
    return <p>{useAreaErrorText('boPlayers.errors')(error)}</p>;
  }

  it("reads the area's own code first", () => {
    renderWithProviders(<AreaMessage error={new ApiError(409, 'own_account', 'No.', 'r1')} />);
    expect(screen.getByText('Nobody acts on their own account.')).toBeDefined();
  });

  it("falls back to the site's text for a code the area does not word itself", () => {
    const error = new ApiError(429, 'rate_limited', 'Too many.', 'r1');
    function Both() {
      return (
        <>
          <AreaMessage error={error} />
          <Message error={error} />
        </>
      );
    }
    renderWithProviders(<Both />);
    const [area, site] = screen.getAllByRole('paragraph').map((p) => p.textContent);
    expect(area).toBe(site);
    expect(area).not.toBe('');
  });
});
