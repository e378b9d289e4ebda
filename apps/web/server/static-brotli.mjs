// The build's scripts and stylesheets (/_next/static/...) in brotli for browsers that take it: about a seventh fewer
// bytes than the gzip Next sends, on every page's first load. Each file is compressed once, at brotli's best quality,
// the first time it is asked for, and kept (the build's static files are a few megabytes and never change while the
// server runs). Anything else, and browsers without brotli, go on to Next as before.
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants } from 'node:zlib';

const STATIC_PREFIX = '/_next/static/';
const TYPES = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' };

/** Whether an Accept-Encoding header takes brotli (`br`, not refused with `;q=0`). */
export function acceptsBrotli(header) {
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding.trim().toLowerCase() !== 'br') return false;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/**
 * `headersFor(pathname)`: the headers next.config gives that path (its security headers), so an answer from here
 * carries the same ones as Next's own. `readFile` and `compress` are the file system's and zlib's unless a test
 * gives others.
 */
export function createStaticBrotli({ distDir, headersFor, readFile = fs.readFile, compress = brotliBest }) {
  const staticDir = path.join(distDir, 'static');
  /** Relative path -> the compressed file (null, briefly, while a missing file is being looked for). */
  const kept = new Map();

  function compressed(relative) {
    let entry = kept.get(relative);
    if (!entry) {
      entry = readFile(path.join(staticDir, relative)).then(
        (body) => compress(body),
        () => {
          // Only the build's own files are kept: made-up names must not fill the memory.
          kept.delete(relative);
          return null;
        },
      );
      kept.set(relative, entry);
    }
    return entry;
  }

  /** Answers the request when it is for a static script or stylesheet and the browser takes brotli; else false. */
  async function serve(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = (request.url ?? '').split('?')[0];
    if (!pathname.startsWith(STATIC_PREFIX)) return false;
    const type = TYPES[path.extname(pathname)];
    if (!type || !acceptsBrotli(request.headers['accept-encoding'])) return false;
    let relative;
    try {
      relative = path.posix.normalize(decodeURIComponent(pathname.slice(STATIC_PREFIX.length)));
    } catch {
      return false;
    }
    if (relative.startsWith('..') || relative.includes('\0')) return false;
    const body = await compressed(relative);
    if (!body) return false;
    // The file names carry their content's hash: one name, one content, for good.
    const etag = `"br-${relative.length}-${body.length}"`;
    const headers = {
      ...headersFor(pathname),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Type': type,
      'Content-Encoding': 'br',
      Vary: 'Accept-Encoding',
      ETag: etag,
    };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers);
      response.end();
      return true;
    }
    response.writeHead(200, { ...headers, 'Content-Length': String(body.length) });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  }

  /**
   * Compresses every static script and stylesheet ahead of its first visitor, one at a time (brotli's best quality
   * takes about half a second for the largest), so a fresh server's first pages do not wait for it.
   */
  async function warm(list = listStatic) {
    for (const relative of await list(staticDir)) await compressed(relative);
  }

  return { serve, warm };
}

async function listStatic(staticDir) {
  const entries = await fs.readdir(staticDir, { recursive: true }).catch(() => []);
  return entries.filter((entry) => TYPES[path.extname(entry)]).map((entry) => entry.split(path.sep).join('/'));
}

function brotliBest(body) {
  return new Promise((resolve, reject) =>
    brotliCompress(
      body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

/** The headers next.config's `headers()` gives a path, read from the build's routes manifest (later rules win). */
export async function configuredHeaders(distDir, readFile = fs.readFile) {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  const rules = (manifest.headers ?? []).map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers }));
  return (pathname) => {
    const headers = {};
    for (const rule of rules) {
      if (!rule.regex.test(pathname)) continue;
      for (const { key, value } of rule.headers) headers[key] = value;
    }
    return headers;
  };
}
