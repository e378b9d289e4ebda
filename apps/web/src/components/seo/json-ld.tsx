import type { Locale } from '@playhouse/shared';
import { getPageMetadata } from '@/lib/api-client';
import { structuredData } from '@/lib/seo/page-metadata';

/** The page's optional structured-data script (page meta `jsonId`). */
export async function JsonLd({ lng, routePath }: { lng: Locale; routePath: string }) {
  const json = structuredData((await getPageMetadata(lng, routePath)).jsonId);
  if (!json) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
