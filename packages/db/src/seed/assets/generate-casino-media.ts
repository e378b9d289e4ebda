/**
 * Writes the demo casino's artwork into apps/web/public/media/{games,providers}: every game in PNG and WebP at each
 * rendition of GAME_ART_RENDITIONS, and the providers' SVG logos. The output is committed (about 3 MB); run this
 * again after changing the catalogue or the artwork: npx tsx packages/db/src/seed/assets/generate-casino-media.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { casinoMediaPaths, DEMO_PROVIDERS, demoGames, GAME_ART_RENDITIONS } from '../content/casino-catalogue';
import { gameArtSvg, providerLogoSvg } from './casino-art';
import { WEB_PUBLIC_DIR } from './media-paths';

function write(publicPath: string, bytes: Buffer | string): number {
  const target = path.join(WEB_PUBLIC_DIR, publicPath);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, bytes);
  return Buffer.byteLength(bytes);
}

async function main(): Promise<void> {
  let total = 0;
  for (const [index, provider] of DEMO_PROVIDERS.entries()) {
    if (provider.hasLogo)
      total += write(casinoMediaPaths.providerLogo(provider.slug), providerLogoSvg(provider, index));
  }
  for (const game of demoGames()) {
    for (const rendition of GAME_ART_RENDITIONS) {
      const image = sharp(Buffer.from(gameArtSvg(game, rendition.width, rendition.height)));
      // A 32-colour palette keeps flat artwork sharp and small; WebP at quality 75 is smaller still.
      const png = await image.clone().png({ palette: true, colors: 32, compressionLevel: 9, effort: 10 }).toBuffer();
      const webp = await image.clone().webp({ quality: 75, effort: 6 }).toBuffer();
      total += write(casinoMediaPaths.game(game.slug, rendition, 'png'), png);
      total += write(casinoMediaPaths.game(game.slug, rendition, 'webp'), webp);
    }
  }
  console.log(`casino media: ${total} bytes`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
