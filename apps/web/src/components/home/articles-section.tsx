import type { Locale } from '@playhouse/shared';
import { getArticles } from '@/lib/api-client';
import { sanitizeRichHtml } from '@/lib/sanitize';
import styles from './articles-section.module.css';

/** SPEC.md §2 "Articles section": the main article's HTML content for the route, when there is one. */
export async function ArticlesSection({ lng, routePath }: { lng: Locale; routePath: string }) {
  const { mainArticle } = await getArticles(lng, routePath);
  if (!mainArticle) return null;
  const headingId = `article-${mainArticle.id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {mainArticle.title}
      </h2>
      <div
        className={`${styles.content} rich-text`}
        dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(mainArticle.content) }}
      />
    </section>
  );
}
