import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { JsonLd } from '@/components/seo/json-ld';
import { getCategory } from '@/lib/api-client';
import { pageLocale } from '@/lib/page-params';
import { buildPageMetadata } from '@/lib/seo/build-page-metadata';
import styles from './category-page.module.css';

type PageProps = { params: Promise<{ lng: string; slug: string }> };

const routePathOf = (slug: string) => `/category/${slug}`;

// Like every page, rendered on its first visit and then served from the cache while its api data is fresh.
export function generateStaticParams(): { slug: string }[] {
  return [];
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const lng = await pageLocale(params);
  const { slug } = await params;
  if (!(await getCategory(lng, slug))) notFound();
  return buildPageMetadata(lng, routePathOf(slug));
}

export default async function CategoryPage({ params }: PageProps) {
  const lng = await pageLocale(params);
  const { slug } = await params;
  const category = await getCategory(lng, slug);
  if (!category) notFound();
  return (
    <article className={styles.page}>
      <JsonLd lng={lng} routePath={routePathOf(slug)} />
      <h1 className={styles.title}>{category.title}</h1>
      {category.description ? <p className={styles.description}>{category.description}</p> : null}
    </article>
  );
}
