import { staffMay } from '@playhouse/shared/staff/permissions';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MediaLibrary } from '@/components/back-office/content/media-library';
import { OfficeFrame } from '@/components/back-office/office-frame';
import { OfficeMessages } from '@/components/back-office/office-messages';
import { accountPageMetadata } from '@/lib/account/account-pages';
import { requireStaff } from '@/lib/back-office/office-server';
import { pageLocale } from '@/lib/page-params';

// Personal to the member: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

type PageProps = { params: Promise<{ lng: string }> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const t = await getTranslations({ locale: lng, namespace: 'boMedia' });
  return accountPageMetadata(lng, '/staff/content/pictures', t('title'));
}

/** The picture library: upload a picture, then paste its path into any picture field of the content editors. */
export default async function PicturesPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const [me, t] = await Promise.all([requireStaff(lng), getTranslations({ locale: lng, namespace: 'boMedia' })]);
  return (
    <OfficeMessages lng={lng} namespaces={['boMedia']}>
      <OfficeFrame title={t('title')}>
        <MediaLibrary lng={lng} canUpload={staffMay(me.roles, 'content.promotions')} />
      </OfficeFrame>
    </OfficeMessages>
  );
}
