import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import fp from 'fastify-plugin';

/** The header the site's own web server sends with the shared WEB_SECRET (its renders and its /spa rewrite). */
export const WEB_SECRET_HEADER = 'x-web-secret';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The address per-address limits, sessions and the audit log use: the TCP peer, unless the peer is the configured
     * edge proxy (TRUST_PROXY: then the address that proxy appended to X-Forwarded-For) or the site's web server
     * proving itself with WEB_SECRET (then the address it forwarded). A browser's own X-Forwarded-For counts nowhere.
     */
    clientAddress: string;
    /** The web server calling for itself (server-side rendering): not a visitor, exempt from per-address limits. */
    fromWebServer: boolean;
  }
}

export interface ClientAddressOptions {
  /** Addresses/CIDRs of the one trusted edge hop; empty: nobody's X-Forwarded-For is believed. */
  trustedProxies: string[];
  /** Shared with the web server; undefined: no caller is recognised as the web server. */
  webSecret: string | undefined;
}

/** The last X-Forwarded-For entry (the one the hop we trust appended), when it is an IP address. */
export function lastForwardedAddress(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.at(-1) : header;
  if (!value) return null;
  const last = value.slice(value.lastIndexOf(',') + 1).trim();
  return isIP(last) === 0 ? null : last;
}

/** Compares in constant time whatever the lengths, so the answer time says nothing about the secret. */
export function secretMatcher(secret: string | undefined): (given: unknown) => boolean {
  if (!secret) return () => false;
  const expected = createHash('sha256').update(secret).digest();
  return (given) => typeof given === 'string' && timingSafeEqual(createHash('sha256').update(given).digest(), expected);
}

export function resolveClientAddress(
  peer: string,
  headers: Record<string, string | string[] | undefined>,
  isTrustedProxy: (address: string) => boolean,
  isWebSecret: (given: unknown) => boolean,
): { clientAddress: string; fromWebServer: boolean } {
  if (isWebSecret(headers[WEB_SECRET_HEADER])) {
    const forwarded = lastForwardedAddress(headers['x-forwarded-for']);
    return { clientAddress: forwarded ?? peer, fromWebServer: forwarded === null };
  }
  if (isTrustedProxy(peer)) {
    return { clientAddress: lastForwardedAddress(headers['x-forwarded-for']) ?? peer, fromWebServer: false };
  }
  return { clientAddress: peer, fromWebServer: false };
}

/** Sets request.clientAddress and request.fromWebServer first thing, in a synchronous hook. */
export const clientAddressPlugin = fp<ClientAddressOptions>(
  async (app, { trustedProxies, webSecret }) => {
    const trust = trustedProxies.length > 0 ? proxyAddr.compile(trustedProxies) : () => false;
    const isTrustedProxy = (address: string) => trust(address, 0);
    const isWebSecret = secretMatcher(webSecret);
    app.decorateRequest('clientAddress', '');
    app.decorateRequest('fromWebServer', false);
    app.addHook('onRequest', (request, _reply, done) => {
      const resolved = resolveClientAddress(
        request.raw.socket.remoteAddress ?? '',
        request.raw.headers,
        isTrustedProxy,
        isWebSecret,
      );
      request.clientAddress = resolved.clientAddress;
      request.fromWebServer = resolved.fromWebServer;
      done();
    });
  },
  { name: 'client-address' },
);
