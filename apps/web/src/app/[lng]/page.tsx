import type { Metadata } from 'next';
import { HomePage, homeMetadata } from '@/components/home/home-page';
import { pageLocale } from '@/lib/page-params';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  return homeMetadata(await pageLocale(params));
}

/** The home page of a visitor whose time zone is not known yet (the proxy serves the others their zone's render). */
export default async function Home({ params }: PageProps) {
  return <HomePage lng={await pageLocale(params)} timeZone={null} />;
}
