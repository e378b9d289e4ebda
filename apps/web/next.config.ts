import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const apiUrl = (process.env.API_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');

const nextConfig: NextConfig = {
  // A second build folder lets a build and test run go on beside another one in the same checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  transpilePackages: ['@playhouse/shared', '@playhouse/games'],
  async rewrites() {
    // The browser talks to the api same-origin: first-party cookies, no CORS.
    return {
      beforeFiles: [{ source: '/spa/:path*', destination: `${apiUrl}/spa/:path*` }],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default withNextIntl(nextConfig);
