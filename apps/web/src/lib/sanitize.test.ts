import { describe, expect, it } from 'vitest';
import { sanitizeHeadTags, sanitizeRichHtml, sanitizeSnippetHtml } from './sanitize';

describe('sanitizeRichHtml', () => {
  it('keeps ordinary formatting, links and images', () => {
    const html =
      '<h2>Welcome</h2><p>Get <strong>100%</strong> <a href="/en/app-page">now</a></p><img src="/a.png" alt="A">';
    expect(sanitizeRichHtml(html)).toBe(html.replace('alt="A">', 'alt="A" />'));
  });

  it('removes scripts, styles, event handlers and javascript: links', () => {
    const html =
      '<p onclick="steal()">Hi</p><script>steal()</script><style>p{}</style><a href="javascript:steal()">x</a><iframe src="https://evil"></iframe>';
    expect(sanitizeRichHtml(html)).toBe('<p>Hi</p><a>x</a>');
  });

  it('gives links that open a new window no way back to this page', () => {
    expect(sanitizeRichHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('sanitizeSnippetHtml', () => {
  it('keeps notes for visitors without JavaScript', () => {
    expect(sanitizeSnippetHtml('<noscript><p lang="de">Hallo</p></noscript>')).toBe(
      '<noscript><p lang="de">Hallo</p></noscript>',
    );
  });

  it('escapes anything that could close the noscript early', () => {
    const html = sanitizeSnippetHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">x</p></noscript>');
    // With JavaScript on, a browser reads noscript content as raw text up to the first literal </noscript>.
    expect(html.indexOf('</noscript>')).toBe(html.length - '</noscript>'.length);
    expect(html).not.toContain('<img');
  });
});

describe('sanitizeHeadTags', () => {
  it('keeps verification meta tags and link hints as data', () => {
    const tags = sanitizeHeadTags(
      '<meta name="google-site-verification" content="abc"><link rel="preconnect" href="https://cdn.example.com">',
    );
    expect(tags).toEqual([
      { tag: 'meta', attributes: { name: 'google-site-verification', content: 'abc' } },
      { tag: 'link', attributes: { rel: 'preconnect', href: 'https://cdn.example.com' } },
    ]);
  });

  it('drops scripts, stylesheets and anything else', () => {
    const tags = sanitizeHeadTags(
      '<script>steal()</script><link rel="stylesheet" href="https://evil/x.css"><div>hi</div><base href="https://evil">',
    );
    expect(tags).toEqual([]);
  });

  it('never lets a snippet override the head the page metadata owns', () => {
    const tags = sanitizeHeadTags(
      '<meta name="robots" content="noindex"><meta property="og:title" content="x"><link rel="canonical" href="https://evil/"><link rel="alternate" hreflang="de" href="https://evil/">',
    );
    expect(tags).toEqual([]);
  });

  it('drops links to other schemes than https', () => {
    expect(sanitizeHeadTags('<link rel="preconnect" href="javascript:alert(1)">')).toEqual([]);
  });
});
