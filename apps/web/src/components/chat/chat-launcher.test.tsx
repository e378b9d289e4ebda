import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { chatLauncherLabels } from '@/test/labels';
import { renderWithProviders } from '@/test/render';
import { ChatLauncher } from './chat-launcher';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const widget = vi.hoisted(() => ({ settle: true, mounts: 0 }));

// The real widget talks to the api; this one reports ready as the real one does once its conversation loaded.
vi.mock('./chat-widget', () => ({
  ChatWidget: ({
    visible,
    takeFocus,
    onReady,
    onClose,
  }: {
    visible: boolean;
    takeFocus: boolean;
    onReady: () => void;
    onClose: () => void;
  }) => {
    useEffect(() => {
      widget.mounts += 1;
      if (widget.settle) onReady();
    }, [onReady]);
    return (
      <section role="dialog" aria-label="Support chat" hidden={!visible} data-take-focus={takeFocus}>
        <button type="button" onClick={onClose}>
          Close the chat
        </button>
      </section>
    );
  },
}));

const icon = () => screen.queryByRole('button', { name: 'Chat with support' });

describe('ChatLauncher', () => {
  beforeEach(() => {
    navigationState.reset('/en');
    widget.settle = true;
    widget.mounts = 0;
    window.history.replaceState(null, '', '/en');
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the icon and loads no widget until it is clicked', () => {
    renderWithProviders(<ChatLauncher labels={chatLauncherLabels()} />);
    expect(icon()).not.toBeNull();
    expect(icon()!.getAttribute('aria-expanded')).toBe('false');
    expect(icon()!.querySelector('svg')?.getAttribute('width')).toBe('30');
    expect(widget.mounts).toBe(0);
  });

  it('stays in loading until the widget reports its conversation loaded', async () => {
    widget.settle = false;
    renderWithProviders(<ChatLauncher labels={chatLauncherLabels()} />);
    fireEvent.click(icon()!);
    const busy = await screen.findByRole('button', { name: 'Opening the chat…' });
    expect(busy.getAttribute('data-phase')).toBe('loading');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // The widget's code has loaded, but it is not shown before it is ready.
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.hidden).toBe(true);
    expect(busy.getAttribute('data-phase')).toBe('loading');
  });

  it('opens when the widget reports ready and closes back to idle, focus returning to the icon', async () => {
    renderWithProviders(<ChatLauncher labels={chatLauncherLabels()} />);
    fireEvent.click(icon()!);
    const dialog = await screen.findByRole('dialog', { name: 'Support chat' });
    expect(dialog.hidden).toBe(false);
    expect(dialog.getAttribute('data-take-focus')).toBe('true');
    expect(icon()!.getAttribute('data-phase')).toBe('opened');
    expect(icon()!.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Close the chat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(icon()!.getAttribute('data-phase')).toBe('idle');
    expect(document.activeElement).toBe(icon());
  });

  it('opens by itself when the address carries openChatImmediately', async () => {
    window.history.replaceState(null, '', '/en?openChatImmediately=true');
    renderWithProviders(<ChatLauncher labels={chatLauncherLabels()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Support chat' });
    // Opened by the address, not by the visitor: the focus stays where it was.
    expect(dialog.getAttribute('data-take-focus')).toBe('false');
  });

  it('opens by itself when the hash becomes #widget-open-chat', async () => {
    renderWithProviders(<ChatLauncher labels={chatLauncherLabels()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      window.history.replaceState(null, '', '/en#widget-open-chat');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByRole('dialog', { name: 'Support chat' })).not.toBeNull();
  });

  it('opens when an element marked data-chat-opener is clicked, and keeps that link from navigating', async () => {
    renderWithProviders(
      <>
        <ChatLauncher labels={chatLauncherLabels()} />
        <a href="#support" data-chat-opener="">
          <span>Contact support</span>
        </a>
        <a href="#profile">Profile</a>
      </>,
    );
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByText('Profile').dispatchEvent(plain);
    expect(screen.queryByRole('dialog')).toBeNull();

    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      screen.getByText('Contact support').dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Support chat' })).not.toBeNull();
  });

  it('is hidden on /landing and /game/ paths, and the URL trigger does nothing there', async () => {
    for (const path of ['/landing', '/game/book-of-stars']) {
      navigationState.reset(`/en${path}`);
      window.history.replaceState(null, '', `/en${path}?openChatImmediately`);
      const { unmount } = renderWithProviders(<ChatLauncher labels={chatLauncherLabels()} />);
      expect(icon(), path).toBeNull();
      await waitFor(() => expect(widget.mounts).toBe(0));
      unmount();
    }
  });
});
