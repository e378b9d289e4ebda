import { isLocale } from '@playhouse/shared';
import { notFound } from 'next/navigation';
import { OriginalsHost } from '@/components/originals/originals-host';

/** /originals-host/{lng}#launch=…: the game the launch token opens, played in the browser. */
export default async function OriginalsHostPage({ params }: { params: Promise<{ lng: string }> }) {
  const { lng } = await params;
  if (!isLocale(lng)) notFound();
  return <OriginalsHost lng={lng} />;
}
