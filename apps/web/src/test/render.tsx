import type { Locale } from '@playhouse/shared/locales';
import { render, type RenderOptions } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { seededMessages } from './messages';
import { makeStore, type AppStore } from '@/store/store';

const MESSAGES = { en: seededMessages('en'), de: seededMessages('de') } as const;

type Options = { locale?: 'en' | 'de'; store?: AppStore } & Omit<RenderOptions, 'wrapper'>;

/** Renders with the real seeded messages, a real store and the locale, as the app's layout does. */
export function renderWithProviders(
  ui: ReactElement,
  { locale = 'en', store = makeStore(), ...options }: Options = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale={locale satisfies Locale} messages={MESSAGES[locale]} timeZone="UTC">
        <Provider store={store}>{children}</Provider>
      </NextIntlClientProvider>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...options }) };
}
