import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mediaAssets } from './assets/media';
import { WEB_PUBLIC_DIR } from './assets/media-paths';
import { crc32, encodePng, readPngSize } from './assets/png';
import { casinoMediaFiles } from './content/casino-catalogue';

/** Decodes the PNGs encodePng writes (8-bit RGB or RGBA, one IDAT), back to RGBA. */
function decodePng(bytes: Buffer): { width: number; height: number; rgba: Uint8Array } {
  const { width, height } = readPngSize(bytes);
  const channels = bytes[25] === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 4, offset + 8 + length);
    expect(bytes.readUInt32BE(offset + 8 + length), `${type} CRC`).toBe(crc32(body));
    if (type === 'IDAT') chunks.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rgba = new Uint8Array(width * height * 4);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i] as number;
      const a = i >= channels ? (row[i - channels] as number) : 0;
      const b = previous[i] as number;
      const c = i >= channels ? (previous[i - channels] as number) : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      row[i] = (x + [0, a, b, (a + b) >> 1, paeth][filter as number]!) & 0xff;
    }
    for (let px = 0; px < width; px++) {
      for (let k = 0; k < channels; k++) rgba[(y * width + px) * 4 + k] = row[px * channels + k] as number;
      if (channels === 3) rgba[(y * width + px) * 4 + 3] = 255;
    }
    previous = row;
  }
  return { width, height, rgba };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe('encodePng', () => {
  it('writes pixels that decode back exactly, with or without transparency', () => {
    const width = 7;
    const height = 5;
    for (const alpha of [255, 128]) {
      const rgba = new Uint8Array(width * height * 4).map((_, i) => (i % 4 === 3 ? alpha : (i * 37) % 256));
      const decoded = decodePng(encodePng(width, height, rgba));
      expect(decoded).toEqual({ width, height, rgba });
    }
  });

  it('rejects pixel data of the wrong length', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow('expected 16 bytes');
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });
});

describe('seeded media in apps/web/public/media', () => {
  const assets = mediaAssets();

  it('holds exactly the files the generators draw (this one and the casino artwork)', () => {
    const onDisk = filesUnder(path.join(WEB_PUBLIC_DIR, 'media')).map(
      (file) => `/${path.relative(WEB_PUBLIC_DIR, file).split(path.sep).join('/')}`,
    );
    expect(onDisk.sort()).toEqual([...assets.map((asset) => asset.path), ...casinoMediaFiles()].sort());
  });

  const svgs = assets.flatMap((asset) => (asset.kind === 'svg' ? [[asset.path, asset.render] as const] : []));
  const pngs = assets.flatMap((asset) => (asset.kind === 'png' ? [asset] : []));

  it.each(svgs)('%s is the committed output of the generator', (assetPath, render) => {
    expect(readFileSync(path.join(WEB_PUBLIC_DIR, assetPath), 'utf8')).toBe(render());
  });

  it.each(pngs.map((asset) => [asset.path, asset.width, asset.height, asset.render] as const))(
    '%s is a %ix%i PNG with the pixels the generator draws',
    (assetPath, width, height, render) => {
      const committed = readFileSync(path.join(WEB_PUBLIC_DIR, assetPath));
      expect(readPngSize(committed)).toEqual({ width, height });
      // Pixels, not bytes: another zlib build may compress the same image differently.
      expect(Buffer.from(decodePng(committed).rgba).equals(Buffer.from(decodePng(render()).rgba))).toBe(true);
    },
    30_000,
  );

  it('stays small (under 2 MB in all)', () => {
    const total = assets.reduce((sum, asset) => sum + statSync(path.join(WEB_PUBLIC_DIR, asset.path)).size, 0);
    expect(total).toBeLessThan(2 * 1024 * 1024);
  });
});
