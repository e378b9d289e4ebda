import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationState } from '@/test/navigation-mock';
import { languageListLabels } from '@/test/labels';
import { renderWithProviders } from '@/test/render';
import { LanguageList, type LanguageOption } from './language-list';

vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock);

const EN: LanguageOption = { value: 'en', title: 'English', imagePath: '/flags/en.svg' };
const DE: LanguageOption = { value: 'de', title: 'Deutsch', imagePath: '/flags/de.svg' };
const RU: LanguageOption = { value: 'ru', title: 'Русский', imagePath: '/flags/ru.svg' };

const toggle = () => screen.getByRole('button', { name: /Current language: English/ });
const list = () => document.getElementById(toggle().getAttribute('aria-controls')!)!;

describe('LanguageList', () => {
  beforeEach(() => navigationState.reset('/en'));

  it('renders nothing when there is no locale', () => {
    const { container } = renderWithProviders(
      <LanguageList locales={[]} current="en" labels={languageListLabels('en', 'English')} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('shows the only locale with its flag and nothing to open when there is one', () => {
    const { container } = renderWithProviders(
      <LanguageList locales={[EN]} current="en" labels={languageListLabels('en', 'English')} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('English')).not.toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/flags/en.svg');
  });

  it('opens and closes on click when there are several locales', () => {
    renderWithProviders(
      <LanguageList locales={[EN, DE, RU]} current="en" labels={languageListLabels('en', 'English')} />,
    );
    expect(list().hidden).toBe(true);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(list().hidden).toBe(false);
    expect(screen.getByRole('list', { name: 'Language' })).toBe(list());
    fireEvent.click(toggle());
    expect(list().hidden).toBe(true);
  });

  it('shows a flag for each locale', () => {
    renderWithProviders(
      <LanguageList locales={[EN, DE, RU]} current="en" labels={languageListLabels('en', 'English')} />,
    );
    fireEvent.click(toggle());
    const flags = [...list().querySelectorAll('img')];
    expect(flags.map((flag) => flag.getAttribute('src'))).toEqual(['/flags/en.svg', '/flags/de.svg', '/flags/ru.svg']);
  });

  it('links each locale to the current path without its prefix, query kept', () => {
    navigationState.reset('/en/category/slots', 'sort=new&page=2');
    renderWithProviders(
      <LanguageList locales={[EN, DE, RU]} current="en" labels={languageListLabels('en', 'English')} />,
    );
    fireEvent.click(toggle());
    const hrefs = within(list())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/en/category/slots?sort=new&page=2',
      '/de/category/slots?sort=new&page=2',
      '/ru/category/slots?sort=new&page=2',
    ]);
  });

  it('links the home page of each locale from the home page', () => {
    navigationState.reset('/de');
    renderWithProviders(<LanguageList locales={[EN, DE]} current="de" labels={languageListLabels('de', 'Deutsch')} />, {
      locale: 'de',
    });
    fireEvent.click(screen.getByRole('button', { name: /Aktuelle Sprache: Deutsch/ }));
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/en', '/de']);
    expect(links[1]?.getAttribute('aria-current')).toBe('page');
  });

  it('closes on Escape and on a click elsewhere', () => {
    renderWithProviders(<LanguageList locales={[EN, DE]} current="en" labels={languageListLabels('en', 'English')} />);
    fireEvent.click(toggle());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(list().hidden).toBe(true);
    fireEvent.click(toggle());
    fireEvent.pointerDown(document.body);
    expect(list().hidden).toBe(true);
  });
});
