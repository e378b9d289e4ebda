// Who the visitor is, decided once at the web server's door, before Next sees the request. Next's /spa rewrite
// passes every request header to the api unchanged and adds no X-Forwarded-For of its own (its proxy runs without
// `xfwd`); so without this, a browser could name any address it likes. Plain JavaScript: the server runs it before
// anything is compiled.
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/** Must match the api's WEB_SECRET_HEADER (apps/api/src/plugins/app/client-address.ts). */
export const WEB_SECRET_HEADER = 'x-web-secret';

/** The visitor's country as the edge's geolocation found it (SPEC.md §7 names the header GEO_IPCOUNTRY). */
export const COUNTRY_HEADER = 'geo_ipcountry';

/** Headers through which a caller could claim an address, a country, a scheme or a host, or pose as the web server. */
const FORWARDING_HEADERS = [
  COUNTRY_HEADER,
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  WEB_SECRET_HEADER,
];

/** TRUST_PROXY as a list: addresses, CIDRs or loopback/linklocal/uniquelocal; "false" or unset for none. */
export function parseTrustedProxies(value) {
  const list = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.length === 1 && list[0] === 'false') return [];
  if (list.some((part) => part === 'true' || /^\d+$/.test(part))) {
    throw new Error('TRUST_PROXY: name the edge proxy\'s addresses; "true" or a hop count would trust anyone');
  }
  proxyAddr.compile(list);
  return list;
}

/** The last X-Forwarded-For entry (the one the trusted edge appended), when it is an IP address. */
function lastForwarded(header) {
  const value = Array.isArray(header) ? header.at(-1) : header;
  if (!value) return null;
  const last = value.slice(value.lastIndexOf(',') + 1).trim();
  return isIP(last) === 0 ? null : last;
}

/** A two-letter country code, upper-cased, or null for anything else (the edge's "XX" or "--" for unknown, say). */
export function countryCode(header) {
  const value = Array.isArray(header) ? header.at(-1) : header;
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/**
 * Returns the function that rewrites an incoming request's headers in place: the visitor's address is the TCP peer,
 * or, when the peer is the trusted edge proxy (TRUST_PROXY), the address that proxy appended. Whatever a caller sent
 * in forwarding headers is dropped; X-Forwarded-For is set to exactly that one address, and X-Web-Secret is added so
 * the api believes it (the rewrite forwards both). Scheme, host and country (GEO_IPCOUNTRY) headers survive only from
 * the edge.
 */
export function createForwarding({ trustedProxies, webSecret }) {
  const trust = trustedProxies.length > 0 ? proxyAddr.compile(trustedProxies) : () => false;
  return (request) => {
    const headers = request.headers;
    const peer = request.socket.remoteAddress ?? '';
    const fromEdge = trust(peer, 0);
    const client = (fromEdge && lastForwarded(headers['x-forwarded-for'])) || peer;
    const kept = fromEdge
      ? {
          proto: headers['x-forwarded-proto'],
          host: headers['x-forwarded-host'],
          port: headers['x-forwarded-port'],
          country: countryCode(headers[COUNTRY_HEADER]),
        }
      : {};
    for (const name of FORWARDING_HEADERS) delete headers[name];
    if (kept.proto !== undefined) headers['x-forwarded-proto'] = kept.proto;
    if (kept.host !== undefined) headers['x-forwarded-host'] = kept.host;
    if (kept.port !== undefined) headers['x-forwarded-port'] = kept.port;
    if (kept.country) headers[COUNTRY_HEADER] = kept.country;
    headers['x-forwarded-for'] = client;
    if (webSecret) headers[WEB_SECRET_HEADER] = webSecret;
    return client;
  };
}
