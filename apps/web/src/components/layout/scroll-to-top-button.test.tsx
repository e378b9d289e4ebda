import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ScrollToTopButton } from './scroll-to-top-button';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

const button = () => screen.queryByRole('button', { name: 'Back to the top of the page' });

describe('ScrollToTopButton', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    vi.restoreAllMocks();
  });

  it('is hidden at the top of the page', () => {
    renderWithProviders(<ScrollToTopButton label="Back to the top of the page" />);
    expect(button()).toBeNull();
  });

  it('stays hidden while the visitor scrolls down', () => {
    renderWithProviders(<ScrollToTopButton label="Back to the top of the page" />);
    scrollTo(400);
    scrollTo(900);
    expect(button()).toBeNull();
  });

  it('appears when the visitor scrolls up while at least 150 px down', () => {
    renderWithProviders(<ScrollToTopButton label="Back to the top of the page" />);
    scrollTo(900);
    scrollTo(800);
    expect(button()).not.toBeNull();
  });

  it('counts exactly 150 px as far enough down', () => {
    renderWithProviders(<ScrollToTopButton label="Back to the top of the page" />);
    scrollTo(300);
    scrollTo(150);
    expect(button()).not.toBeNull();
  });

  it('hides again above 150 px and when the visitor scrolls down again', () => {
    renderWithProviders(<ScrollToTopButton label="Back to the top of the page" />);
    scrollTo(900);
    scrollTo(800);
    scrollTo(850);
    expect(button()).toBeNull();
    scrollTo(600);
    expect(button()).not.toBeNull();
    scrollTo(149);
    expect(button()).toBeNull();
  });

  it('scrolls smoothly to the top when pressed', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderWithProviders(<ScrollToTopButton label="Back to the top of the page" />);
    scrollTo(900);
    scrollTo(700);
    fireEvent.click(button()!);
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('is named with the label the server translated', () => {
    renderWithProviders(<ScrollToTopButton label="Zurück zum Seitenanfang" />, { locale: 'de' });
    scrollTo(900);
    scrollTo(700);
    expect(screen.getByRole('button', { name: 'Zurück zum Seitenanfang' })).not.toBeNull();
  });
});
