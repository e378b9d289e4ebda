import { deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/**
 * Filters every row with each of the five PNG filters and keeps the one with the smallest sum of absolute values
 * (the heuristic libpng uses): smooth gradients then deflate to a fraction of their raw size.
 */
function filterRows(pixels: Uint8Array, width: number, height: number, channels: number): Buffer {
  const stride = width * channels;
  const out = Buffer.alloc((stride + 1) * height);
  const candidate = new Uint8Array(stride);
  const best = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const prev = row - stride;
    let bestScore = Infinity;
    let bestFilter = 0;
    for (let filter = 0; filter < 5; filter++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const x = pixels[row + i] as number;
        const a = i >= channels ? (pixels[row + i - channels] as number) : 0;
        const b = y > 0 ? (pixels[prev + i] as number) : 0;
        const c = y > 0 && i >= channels ? (pixels[prev + i - channels] as number) : 0;
        let value: number;
        if (filter === 0) value = x;
        else if (filter === 1) value = x - a;
        else if (filter === 2) value = x - b;
        else if (filter === 3) value = x - ((a + b) >> 1);
        else value = x - paeth(a, b, c);
        value &= 0xff;
        candidate[i] = value;
        score += value < 128 ? value : 256 - value;
      }
      if (score < bestScore) {
        bestScore = score;
        bestFilter = filter;
        best.set(candidate);
      }
    }
    const offset = y * (stride + 1);
    out[offset] = bestFilter;
    out.set(best, offset + 1);
  }
  return out;
}

/**
 * Encodes 8-bit RGBA pixels (row-major, width * height * 4 bytes) as a PNG. Fully opaque images are written as RGB
 * (colour type 2) to save a quarter of the data.
 */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new Error(`encodePng: bad size ${width}x${height}`);
  }
  if (rgba.length !== width * height * 4) {
    throw new Error(`encodePng: expected ${width * height * 4} bytes for ${width}x${height}, got ${rgba.length}`);
  }
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) {
    if (rgba[i] !== 255) {
      opaque = false;
      break;
    }
  }
  let pixels = rgba;
  if (opaque) {
    pixels = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
      pixels[j] = rgba[i] as number;
      pixels[j + 1] = rgba[i + 1] as number;
      pixels[j + 2] = rgba[i + 2] as number;
    }
  }
  const channels = opaque ? 3 : 4;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = opaque ? 2 : 6;
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  const data = deflateSync(filterRows(pixels, width, height, channels), { level: 9 });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', new Uint8Array(0))]);
}

/** Width and height from a PNG's IHDR chunk; throws when the bytes are not a PNG. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 24 || !buffer.subarray(0, 8).equals(SIGNATURE) || buffer.toString('ascii', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG file');
  }
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}
