import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The SSR benchmark's baseline: a one-page Next app with the web's production settings and nothing else.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default {
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: { root: repoRoot },
};
