import type { Locale } from '@playhouse/shared';
import { getSnippets } from '@/lib/api-client';
import { sanitizeHeadTags, sanitizeSnippetHtml } from '@/lib/sanitize';

/** Operator HTML for the top or bottom of the body, sanitized: markup only, never scripts. */
export async function BodySnippets({ lng, slot }: { lng: Locale; slot: 'body/top' | 'body/bottom' }) {
  const snippets = await getSnippets(lng, slot);
  if (snippets.length === 0) return null;
  return snippets.map((snippet) => (
    <div
      key={snippet.id}
      className="rich-text"
      dangerouslySetInnerHTML={{ __html: sanitizeSnippetHtml(snippet.html) }}
    />
  ));
}

/** Operator tags for the end of the head: React places rendered meta and link tags in <head>. */
export async function HeadSnippets({ lng }: { lng: Locale }) {
  const snippets = await getSnippets(lng, 'head/bottom');
  const tags = snippets.flatMap((snippet) =>
    sanitizeHeadTags(snippet.html).map((tag, index) => ({ tag, key: `${snippet.id}-${index}` })),
  );
  return tags.map(({ tag, key }) =>
    tag.tag === 'meta' ? <meta key={key} {...tag.attributes} /> : <link key={key} {...tag.attributes} />,
  );
}
