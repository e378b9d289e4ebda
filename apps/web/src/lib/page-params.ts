import { isLocale, type Locale } from '@playhouse/shared';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';

/** Reads a page's locale segment, 404s on an unknown one, and lets next-intl render the page without request headers. */
export async function pageLocale(params: Promise<{ lng: string }>): Promise<Locale> {
  const { lng } = await params;
  if (!isLocale(lng)) notFound();
  setRequestLocale(lng);
  return lng;
}
