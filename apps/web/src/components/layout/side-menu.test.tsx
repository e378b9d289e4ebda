import { fireEvent, screen } from '@testing-library/react';
import Link from 'next/link';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { sideMenuLabels } from '@/test/labels';
import { SideMenu } from './side-menu';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

function menu() {
  return (
    <SideMenu labels={sideMenuLabels()}>
      <nav aria-label="Menu links">
        <Link href="/en/app-page">Mobile app</Link>
      </nav>
    </SideMenu>
  );
}

function renderMenu() {
  const view = renderWithProviders(menu());
  return { ...view, rerenderMenu: () => view.rerender(menu()) };
}

const toggle = () => screen.getByRole('button', { name: 'Open the menu' });
const panel = () => screen.queryByRole('dialog', { name: 'Menu' });

describe('SideMenu', () => {
  beforeEach(() => navigationState.reset('/en'));

  it('starts closed', () => {
    renderMenu();
    expect(panel()).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on the menu button and closes on the close button', () => {
    renderMenu();
    fireEvent.click(toggle());
    expect(panel()).not.toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Close the menu' }));
    expect(panel()).toBeNull();
  });

  it('moves focus into the menu when it opens and back to the menu button when it closes', () => {
    renderMenu();
    fireEvent.click(toggle());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close the menu' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(toggle());
  });

  it('closes on a click on the backdrop', () => {
    const { container } = renderMenu();
    fireEvent.click(toggle());
    fireEvent.click(container.querySelector('[data-side-menu-backdrop]')!);
    expect(panel()).toBeNull();
  });

  it('closes when the route changes', () => {
    const { rerenderMenu } = renderMenu();
    fireEvent.click(toggle());
    navigationState.pathname = '/en/app-page';
    rerenderMenu();
    expect(panel()).toBeNull();
  });

  it('stays open while the route stays the same', () => {
    const { rerenderMenu } = renderMenu();
    fireEvent.click(toggle());
    rerenderMenu();
    expect(panel()).not.toBeNull();
  });

  it('closes when one of its links is followed', () => {
    renderMenu();
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('link', { name: 'Mobile app' }));
    expect(panel()).toBeNull();
  });

  it('locks the page scroll only while open', () => {
    renderMenu();
    fireEvent.click(toggle());
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Close the menu' }));
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Tab inside the open menu', () => {
    renderMenu();
    fireEvent.click(toggle());
    const close = screen.getByRole('button', { name: 'Close the menu' });
    const link = screen.getByRole('link', { name: 'Mobile app' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(link);
  });
});
