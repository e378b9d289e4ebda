import { contentPanelMetadata, contentPanelPage } from '@/components/back-office/content/content-pages';

// Personal to the member: rendered for each request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = contentPanelMetadata('texts');

export default contentPanelPage('texts');
