import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HomePage, homeMetadata } from '@/components/home/home-page';
import { pageLocale } from '@/lib/page-params';
import { isTimeZone, zoneFromSegment } from '@/lib/time-zone';

type PageProps = { params: Promise<{ lng: string; zone: string }> };

async function zoneOf(params: PageProps['params']): Promise<string> {
  const zone = zoneFromSegment((await params).zone);
  if (!isTimeZone(zone)) notFound();
  return zone;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  await zoneOf(params);
  return homeMetadata(await pageLocale(params));
}

/**
 * The home page rendered for one time zone: the proxy serves it at /{lng} to visitors whose time-zone cookie names
 * that zone (never at this address), and it is cached per locale and zone like any page.
 */
export default async function LocalTimeHome({ params }: PageProps) {
  const [lng, zone] = await Promise.all([pageLocale(params), zoneOf(params)]);
  return <HomePage lng={lng} timeZone={zone} />;
}

export function generateStaticParams(): { zone: string }[] {
  return [];
}
