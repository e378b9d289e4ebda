/**
 * Writes the seed's images into apps/web/public/media. The output is committed; run this again after changing the
 * artwork: npx tsx packages/db/src/seed/assets/generate-media.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mediaAssets } from './media';
import { WEB_PUBLIC_DIR } from './media-paths';

function main(): void {
  let total = 0;
  for (const asset of mediaAssets()) {
    const target = path.join(WEB_PUBLIC_DIR, asset.path);
    mkdirSync(path.dirname(target), { recursive: true });
    const bytes = asset.kind === 'svg' ? Buffer.from(asset.render(), 'utf8') : asset.render();
    writeFileSync(target, bytes);
    total += bytes.length;
    console.log(`${asset.path} ${bytes.length} bytes`);
  }
  console.log(`total ${total} bytes`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
