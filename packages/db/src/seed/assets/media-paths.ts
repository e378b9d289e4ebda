import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SLIDE_SIZES, type SlideSize } from './slide-sizes';

/** Where the web serves static files from; media paths below are relative to it. */
export const WEB_PUBLIC_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../apps/web/public',
);

/**
 * Every seeded image, by its public path (served by the web from apps/web/public). The seed content takes its paths
 * from here and the generator (media.ts) writes exactly these files, so the two cannot drift apart.
 */
export const mediaPaths = {
  flag: (code: string) => `/media/flags/${code}.svg`,
  category: (slug: string) => `/media/categories/${slug}.svg`,
  slide: (theme: string, size: SlideSize) => {
    const { width, height } = SLIDE_SIZES[size];
    return `/media/slides/${theme}-${width}x${height}.svg`;
  },
  faviconSvg: '/media/icons/favicon.svg',
  favicon: (size: 16 | 32) => `/media/icons/favicon-${size}x${size}.png`,
  appleTouchIcon: '/media/icons/apple-touch-icon-180x180.png',
  msTile: '/media/icons/mstile-150x150.png',
  /** 'manifest' in these names makes the web give them the 512x512 open-graph size (SPEC.md §9). */
  manifestIcon: (size: 192 | 512) => `/media/icons/manifest-icon-${size}x${size}.png`,
  manifestMaskableIcon: '/media/icons/manifest-icon-maskable-512x512.png',
  ogHome: '/media/og/home-900x600.png',
} as const;
