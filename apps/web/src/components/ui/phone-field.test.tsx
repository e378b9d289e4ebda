import { SPEC } from '@playhouse/shared/constants';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { phoneInputConfig } from '@/lib/account/phone-input';
import { renderWithProviders } from '@/test/render';
import { PhoneField } from './phone-field';

function Harness({ invalid = false }: { invalid?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <>
      <PhoneField
        id="phone"
        name="phone"
        label="Phone number"
        value={value}
        required
        invalid={invalid}
        onChange={setValue}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Phone number');
const typeNumber = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('phone input (SPEC.md §5, §9)', () => {
  it('is configured with the spec constants', () => {
    const config = phoneInputConfig({ search: 'search', noEntries: 'No entries to show' });
    expect(config).toMatchObject({
      enableLongNumbers: false,
      prefix: '+',
      enableSearch: true,
      searchPlaceholder: 'search',
      searchNotFound: 'No entries to show',
      defaultErrorMessage: '',
    });
    expect(SPEC.phone).toEqual({ maxDigits: 15, guessFromDigits: 6, defaultPrefix: '+', searchDebounceMs: 250 });
  });

  it('guesses the country from the leading digits and reports the number in international form', () => {
    renderWithProviders(<Harness />);
    typeNumber('+49 151 23456789');
    expect(screen.getByTestId('value').textContent).toBe('+4915123456789');
    expect(document.querySelector('.selected-flag')?.getAttribute('title')).toMatch(/Germany/);
  });

  it('keeps at most 15 digits', () => {
    renderWithProviders(<Harness />);
    typeNumber('+49 151 23456789');
    typeNumber('+49 151 2345678901234');
    expect(screen.getByTestId('value').textContent!.replace(/\D/g, '')).toHaveLength(13);
    typeNumber('+1 202 555 0123 4567');
    expect(screen.getByTestId('value').textContent!.replace(/\D/g, '').length).toBeLessThanOrEqual(15);
  });

  it('searches the country list by dial code, country code and name, with translated texts', () => {
    renderWithProviders(<Harness />, { locale: 'de' });
    fireEvent.click(document.querySelector('.selected-flag')!);
    const search = screen.getByPlaceholderText('suchen');
    const countries = () =>
      [...document.querySelectorAll('.country-list .country-name')].map((node) => node.textContent);
    fireEvent.change(search, { target: { value: '49' } });
    expect(countries()).toContain('Germany');
    fireEvent.change(search, { target: { value: 'de' } });
    expect(countries()).toContain('Germany');
    fireEvent.change(search, { target: { value: 'germ' } });
    expect(countries()).toEqual(['Germany']);
    fireEvent.change(search, { target: { value: 'zzzz' } });
    expect(screen.getByText('Keine Einträge gefunden')).toBeTruthy();
  });

  it('names its country button and shows the invalid marker without a text of its own', () => {
    renderWithProviders(<Harness invalid />);
    expect(document.querySelector('.selected-flag')?.getAttribute('aria-label')).toBe(
      'Choose the country of the phone number',
    );
    expect(input().className).toMatch(/invalid-number/);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('.invalid-number-message')?.textContent ?? '').toBe('');
  });
});
