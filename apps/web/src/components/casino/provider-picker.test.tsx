import type { Provider } from '@playhouse/shared/contracts/casino';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { renderWithProviders } from '@/test/render';
import { ProviderPicker } from './provider-picker';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const PROVIDERS: Provider[] = [
  {
    id: 1,
    slug: 'netstar',
    title: 'NetStar Gaming',
    imagePath: '/media/providers/netstar.svg',
    secondaryImagePath: null,
    imageWidth: 160,
    imageHeight: 48,
  },
  {
    id: 2,
    slug: 'spare',
    title: 'Spare Logo',
    imagePath: null,
    secondaryImagePath: '/media/providers/spare.svg',
    imageWidth: 100,
    imageHeight: 30,
  },
  {
    id: 3,
    slug: 'lucky-lynx',
    title: 'Lucky Lynx',
    imagePath: null,
    secondaryImagePath: null,
    imageWidth: null,
    imageHeight: null,
  },
];

const list = () => screen.getByRole('list', { hidden: true });

describe('ProviderPicker', () => {
  beforeEach(() => navigationState.reset('/en/category/slots'));

  it('names the active provider, or asks to choose one in the visitor language', () => {
    renderWithProviders(<ProviderPicker providers={PROVIDERS} activeSlug="netstar" />);
    expect(screen.getByRole('button').textContent).toContain('NetStar Gaming');
    renderWithProviders(<ProviderPicker providers={PROVIDERS} activeSlug="slots" />, { locale: 'de' });
    expect(screen.getAllByRole('button')[1]!.textContent).toContain('Anbieter wählen');
  });

  it('toggles the list on click and closes it when a link is followed', () => {
    renderWithProviders(<ProviderPicker providers={PROVIDERS} activeSlug={null} />);
    const toggle = screen.getByRole('button');
    expect(list().hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list().hidden).toBe(false);
    fireEvent.click(toggle);
    expect(list().hidden).toBe(true);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('link', { name: 'NetStar Gaming' }));
    expect(list().hidden).toBe(true);
  });

  it('closes when the focus leaves the picker, not when it moves inside', () => {
    renderWithProviders(
      <>
        <ProviderPicker providers={PROVIDERS} activeSlug={null} />
        <button type="button">elsewhere</button>
      </>,
    );
    const toggle = screen.getByRole('button', { name: /Choose provider/ });
    fireEvent.click(toggle);
    const link = screen.getByRole('link', { name: 'NetStar Gaming' });
    fireEvent.blur(toggle, { relatedTarget: link });
    expect(list().hidden).toBe(false);
    fireEvent.blur(link, { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) });
    expect(list().hidden).toBe(true);
  });

  it('links each provider to its category page; logos where dimensions are given, else marked text', () => {
    renderWithProviders(<ProviderPicker providers={PROVIDERS} activeSlug={null} />);
    fireEvent.click(screen.getByRole('button'));
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/en/category/netstar',
      '/en/category/spare',
      '/en/category/lucky-lynx',
    ]);
    expect(links[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/providers/netstar.svg');
    expect(links[1]!.querySelector('img')?.getAttribute('src')).toBe('/media/providers/spare.svg');
    // Loaded when the list opens, not beside the page's largest paint (React preloads an eager image of the shell).
    expect(links[0]!.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(links[2]!.querySelector('img')).toBeNull();
    expect(links[2]!.hasAttribute('data-no-logo')).toBe(true);
    expect(links[2]!.textContent).toContain('Lucky Lynx');
  });
});
