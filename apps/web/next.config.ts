import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const apiUrl = (process.env.API_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');
const https = (process.env.SITE_URL || '').startsWith('https://');

/**
 * Security headers on every answer of the web, assets included (each page's content policy, with its nonce, comes
 * from proxy.ts). HSTS only for a site served over https (SITE_URL, a build input). Framing is refused everywhere
 * but the Originals game host, which the game page frames.
 */
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  ...(https ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }] : []),
];

const nextConfig: NextConfig = {
  // A second build folder lets a build and test run go on beside another one in the same checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: ['@playhouse/shared', '@playhouse/games'],
  // Every page renders per request (its content-policy nonce): keep its metadata (title, canonical, alternates) in
  // <head> for every visitor, as when pages were prerendered, instead of streaming it into <body>.
  htmlLimitedBots: /.*/,
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: '/originals-host/:path*', headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }] },
    ];
  },
  async rewrites() {
    // The browser talks to the api same-origin: first-party cookies, no CORS.
    return {
      beforeFiles: [
        { source: '/spa/:path*', destination: `${apiUrl}/spa/:path*` },
        // The operator's receipt keys at a well-known path: anyone's tool finds them without knowing the api.
        { source: '/.well-known/playhouse-receipt-keys.json', destination: `${apiUrl}/spa/receipts/keys` },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default withNextIntl(nextConfig);
