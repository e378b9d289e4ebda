import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reportClientError } from '@/lib/error-reports';
import { CodeBoundary } from './code-boundary';

vi.mock('@/lib/error-reports', () => ({ reportClientError: vi.fn() }));

let broken = true;
function Game() {
  if (broken) throw new Error('Failed to fetch dynamically imported module');
  return <p>the game</p>;
}

describe('CodeBoundary', () => {
  it('shows its fallback when its children fail, and tries them again under a new key', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <CodeBoundary key={0} fallback={() => <p role="alert">could not load</p>}>
        <Game />
      </CodeBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe('could not load');
    expect(screen.queryByText('the game')).toBeNull();

    broken = false;
    rerender(
      <CodeBoundary key={1} fallback={() => <p role="alert">could not load</p>}>
        <Game />
      </CodeBoundary>,
    );
    expect(screen.getByText('the game')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.mockRestore();
  });

  it("sends what failed to the operator's error tracker", () => {
    broken = true;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <CodeBoundary fallback={() => <p role="alert">could not load</p>}>
        <Game />
      </CodeBoundary>,
    );
    expect(vi.mocked(reportClientError)).toHaveBeenCalledWith(
      'boundary',
      expect.objectContaining({ message: 'Failed to fetch dynamically imported module' }),
    );
    quiet.mockRestore();
  });
});
