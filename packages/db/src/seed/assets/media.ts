import { LOCALES } from '@playhouse/shared';
import { mediaPaths } from './media-paths';
import { renderIcon, renderOgImage, type IconVariant } from './raster-art';
import { SLIDE_THEMES, slideSvg } from './slide-art';
import { SLIDE_SIZES, type SlideSize } from './slide-sizes';
import { CATEGORY_ICON_SVGS, FLAG_SVGS, faviconSvg } from './svg-art';

/** The generator's list: every file under apps/web/public/media with the function that draws it. */
export interface SvgAsset {
  path: string;
  kind: 'svg';
  render: () => string;
}
export interface PngAsset {
  path: string;
  kind: 'png';
  width: number;
  height: number;
  render: () => Buffer;
}
export type MediaAsset = SvgAsset | PngAsset;

const icon = (path: string, size: number, variant: IconVariant): PngAsset => ({
  path,
  kind: 'png',
  width: size,
  height: size,
  render: () => renderIcon(size, variant),
});

export function mediaAssets(): MediaAsset[] {
  const svgs: SvgAsset[] = [
    { path: mediaPaths.faviconSvg, kind: 'svg', render: faviconSvg },
    ...LOCALES.map((code): SvgAsset => {
      const render = FLAG_SVGS[code];
      if (!render) throw new Error(`no flag artwork for locale ${code}`);
      return { path: mediaPaths.flag(code), kind: 'svg', render };
    }),
    ...Object.entries(CATEGORY_ICON_SVGS).map(([slug, render]): SvgAsset => ({
      path: mediaPaths.category(slug),
      kind: 'svg',
      render,
    })),
    ...Object.keys(SLIDE_THEMES).flatMap((theme) =>
      (Object.keys(SLIDE_SIZES) as SlideSize[]).map((size): SvgAsset => ({
        path: mediaPaths.slide(theme, size),
        kind: 'svg',
        render: () => slideSvg(theme, size),
      })),
    ),
  ];
  const pngs: PngAsset[] = [
    icon(mediaPaths.favicon(16), 16, 'rounded'),
    icon(mediaPaths.favicon(32), 32, 'rounded'),
    icon(mediaPaths.appleTouchIcon, 180, 'full-bleed'),
    icon(mediaPaths.msTile, 150, 'tile'),
    icon(mediaPaths.manifestIcon(192), 192, 'rounded'),
    icon(mediaPaths.manifestIcon(512), 512, 'rounded'),
    icon(mediaPaths.manifestMaskableIcon, 512, 'maskable'),
    { path: mediaPaths.ogHome, kind: 'png', width: 900, height: 600, render: renderOgImage },
  ];
  return [...svgs, ...pngs];
}
