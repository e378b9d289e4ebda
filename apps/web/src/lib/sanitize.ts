import sanitizeHtml from 'sanitize-html';

const RICH_TAGS = [...sanitizeHtml.defaults.allowedTags, 'img', 'picture', 'source', 'figure', 'figcaption'];

const RICH_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TAGS,
  allowedAttributes: {
    '*': ['class', 'id', 'lang', 'dir', 'title'],
    a: ['href', 'name', 'target', 'rel', 'hreflang'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'media', 'type', 'sizes', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new window must not hand that window a reference back to this page.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** Editor-written HTML (slides, articles) reduced to safe markup: no scripts, styles or event handlers. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, RICH_OPTIONS);
}

const SNIPPET_OPTIONS: sanitizeHtml.IOptions = { ...RICH_OPTIONS, allowedTags: [...RICH_TAGS, 'noscript'] };

/**
 * Operator snippets for the body: the same safe markup, plus <noscript> for notes meant only for visitors without
 * JavaScript. Every attribute value and text is re-escaped, so nothing inside can close the noscript early.
 */
export function sanitizeSnippetHtml(html: string): string {
  return sanitizeHtml(html, SNIPPET_OPTIONS);
}

export type HeadTag =
  | { tag: 'meta'; attributes: { name?: string; property?: string; content: string } }
  | {
      tag: 'link';
      attributes: { rel: string; href: string; hreflang?: string; type?: string; sizes?: string; title?: string };
    };

/** The head's own tags come from page metadata; snippets may add others (site verification, preconnect hints). */
const RESERVED_META = new Set(['robots', 'description', 'keywords', 'viewport', 'theme-color']);
const RESERVED_META_PREFIXES = ['og:', 'twitter:'];
const ALLOWED_LINK_RELS = new Set(['preconnect', 'dns-prefetch', 'me', 'author', 'license', 'help']);

/**
 * The head/bottom snippets may only add meta tags and harmless link hints. React hoists the returned tags into
 * <head>, so they are returned as data rather than as an HTML string.
 */
export function sanitizeHeadTags(html: string): HeadTag[] {
  const tags: HeadTag[] = [];
  sanitizeHtml(html, {
    allowedTags: ['meta', 'link'],
    allowedAttributes: {
      meta: ['name', 'property', 'content'],
      link: ['rel', 'href', 'hreflang', 'type', 'sizes', 'title'],
    },
    allowedSchemes: ['https'],
    allowProtocolRelative: false,
    exclusiveFilter(frame) {
      const attribs = frame.attribs;
      if (frame.tag === 'meta') {
        const key = (attribs.name ?? attribs.property ?? '').toLowerCase();
        const reserved = RESERVED_META.has(key) || RESERVED_META_PREFIXES.some((prefix) => key.startsWith(prefix));
        if (key && !reserved && attribs.content !== undefined) {
          tags.push({
            tag: 'meta',
            attributes: {
              ...(attribs.name ? { name: attribs.name } : { property: attribs.property }),
              content: attribs.content,
            },
          });
        }
      } else if (frame.tag === 'link') {
        const rel = (attribs.rel ?? '').toLowerCase();
        if (ALLOWED_LINK_RELS.has(rel) && attribs.href) {
          const { hreflang, type, sizes, title } = attribs;
          tags.push({
            tag: 'link',
            attributes: { rel, href: attribs.href, hreflang, type, sizes, title },
          });
        }
      }
      return true;
    },
  });
  return tags;
}
