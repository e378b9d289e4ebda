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
    /**
     * The visitor's country as the edge's geolocation gave it (GEO_IPCOUNTRY), believed only from the hops that are
     * believed about the address: the web server with its secret, or the trusted edge proxy. Null when unknown.
     */
    visitorCountry: string | null;
  }
}

/** The header the edge's geolocation sets (SPEC.md §7: GEO_IPCOUNTRY; Node reads header names in lower case). */
export const COUNTRY_HEADER = 'geo_ipcountry';

/** A two-letter country code, upper-cased, or null (the edge's "XX" and "--" mean unknown). */
export function countryCode(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.at(-1) : header;
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
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
): { clientAddress: string; fromWebServer: boolean; visitorCountry: string | null } {
  if (isWebSecret(headers[WEB_SECRET_HEADER])) {
    const forwarded = lastForwardedAddress(headers['x-forwarded-for']);
    return {
      clientAddress: forwarded ?? peer,
      fromWebServer: forwarded === null,
      visitorCountry: countryCode(headers[COUNTRY_HEADER]),
    };
  }
  if (isTrustedProxy(peer)) {
    return {
      clientAddress: lastForwardedAddress(headers['x-forwarded-for']) ?? peer,
      fromWebServer: false,
      visitorCountry: countryCode(headers[COUNTRY_HEADER]),
    };
  }
  return { clientAddress: peer, fromWebServer: false, visitorCountry: null };
}

/** Sets request.clientAddress and request.fromWebServer first thing, in a synchronous hook. */
export const clientAddressPlugin = fp<ClientAddressOptions>(
  async (app, { trustedProxies, webSecret }) => {
    const trust = trustedProxies.length > 0 ? proxyAddr.compile(trustedProxies) : () => false;
    const isTrustedProxy = (address: string) => trust(address, 0);
    const isWebSecret = secretMatcher(webSecret);
    app.decorateRequest('clientAddress', '');
    app.decorateRequest('fromWebServer', false);
    app.decorateRequest('visitorCountry', null);
    app.addHook('onRequest', (request, _reply, done) => {
      const resolved = resolveClientAddress(
        request.raw.socket.remoteAddress ?? '',
        request.raw.headers,
        isTrustedProxy,
        isWebSecret,
      );
      request.clientAddress = resolved.clientAddress;
      request.fromWebServer = resolved.fromWebServer;
      request.visitorCountry = resolved.visitorCountry;
      done();
    });
  },
  { name: 'client-address' },
);
