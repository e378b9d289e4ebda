import { contentListPage, contentMetadata } from '@/components/back-office/content/content-pages';

// Personal to the member: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = contentMetadata('articles');

export default contentListPage('articles');
