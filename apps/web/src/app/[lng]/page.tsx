import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { HomePage, homeMetadata } from '@/components/home/home-page';
import { pageLocale } from '@/lib/page-params';
import { TIME_ZONE_COOKIE, cookieZone } from '@/lib/time-zone';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return homeMetadata(await pageLocale(params));
}

/**
 * The home page. Pages render per request (the nonce CSP), so the visitor's time zone cookie, left by their first
 * visit, is read here: the top offer's times are then drawn on the server.
 */
export default async function Home({ params }: PageProps) {
  const [lng, jar] = await Promise.all([pageLocale(params), cookies()]);
  return <HomePage lng={lng} timeZone={cookieZone(jar.get(TIME_ZONE_COOKIE)?.value)} />;
}
