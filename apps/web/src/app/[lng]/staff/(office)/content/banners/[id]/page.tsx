import { contentItemPage, contentMetadata } from '@/components/back-office/content/content-pages';

// Personal to the member: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = contentMetadata('banners');

/** One item (or `new`): /staff/content/banners/{id}. */
export default contentItemPage('banners');
