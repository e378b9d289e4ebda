import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrationHold } from '@/components/ui/hydration-hold';
import { markHydratedWhenSettled } from './hydration-mark';

const marked = () => document.documentElement.dataset.hydrated === 'true';

afterEach(() => {
  delete document.documentElement.dataset.hydrated;
  document.body.innerHTML = '';
});

describe('markHydratedWhenSettled', () => {
  it('marks the page at once when nothing waits to hydrate', () => {
    markHydratedWhenSettled();
    expect(marked()).toBe(true);
  });

  it('waits for a widget still loading, then for its content to hydrate', async () => {
    document.body.innerHTML = '<div data-hydration-pending=""></div>';
    const stop = markHydratedWhenSettled();
    expect(marked()).toBe(false);

    // The streamed content replaces the fallback; its hold stays until React has hydrated it.
    const container = document.createElement('main');
    container.innerHTML = renderToString(<HydrationHold />);
    document.body.replaceChildren(container);
    await act(async () => undefined);
    expect(marked()).toBe(false);

    await act(async () => {
      hydrateRoot(container, <HydrationHold />);
    });
    expect(container.querySelector('[data-hydration-pending]')).toBeNull();
    expect(marked()).toBe(true);
    stop();
  });

  it('a hold rendered in the browser (a client navigation) holds nothing', () => {
    const { container } = render(<HydrationHold />);
    expect(container.innerHTML).toBe('');
  });
});
