import { BRAND, MARK } from './brand';
import {
  Canvas,
  type Bounds,
  type Point,
  type Sdf,
  arc,
  boxAround,
  circle,
  everywhere,
  grow,
  hex,
  linearGradient,
  polygon,
  polyline,
  radialGradient,
  rotate,
  roundedRect,
  subtract,
  union,
} from './raster';

const backgroundPaint = (size: number, x = 0, y = 0) =>
  linearGradient(
    [x, y],
    [x + size, y + size],
    [
      [0, hex(BRAND.violet)],
      [1, hex(BRAND.violetDeep)],
    ],
  );

const goldPaint = (top: number, bottom: number) =>
  linearGradient(
    [0, top],
    [0, bottom],
    [
      [0, hex(BRAND.goldLight)],
      [1, hex(BRAND.goldDeep)],
    ],
  );

/** The mark as a shape, drawn into the square (x, y, size). */
export function markShape(x: number, y: number, size: number): Sdf {
  const place = (points: readonly Point[]): Point[] => points.map(([px, py]) => [x + px * size, y + py * size]);
  const house = grow(polygon(place(MARK.house)), MARK.houseRound * size);
  const play = grow(polygon(place(MARK.play)), MARK.playRound * size);
  return subtract(house, play);
}

export type IconVariant = 'rounded' | 'full-bleed' | 'maskable' | 'tile';

/**
 * One square icon. 'rounded' for favicons and manifest icons, 'full-bleed' for Apple touch icons (iOS rounds them
 * itself and shows black behind transparency), 'maskable' keeps the mark inside the central safe circle, and 'tile'
 * is the mark alone on transparency for Windows tiles, which paint msTileColor behind it.
 */
export function renderIcon(size: number, variant: IconVariant): Buffer {
  const canvas = new Canvas(size, size);
  if (variant === 'rounded') {
    canvas.fill(roundedRect(size / 2, size / 2, size / 2, size / 2, size * 0.22), backgroundPaint(size));
  } else if (variant !== 'tile') {
    canvas.fill(everywhere, backgroundPaint(size));
  }
  const scale = variant === 'maskable' ? 0.72 : variant === 'tile' ? 0.62 : 1;
  const markSize = size * scale;
  const offset = (size - markSize) / 2;
  canvas.fill(markShape(offset, offset, markSize), goldPaint(offset + markSize * 0.16, offset + markSize * 0.84));
  return canvas.toPng();
}

/** Strokes of each wordmark letter in a box one unit tall (y down), with the letter's advance width. */
const GLYPHS: Record<string, { width: number; strokes: Point[][] }> = {
  P: {
    width: 0.58,
    strokes: [
      [
        [0, 1],
        [0, 0],
        [0.3, 0],
      ],
      [...arc(0.3, 0.26, 0.26, -90, 90), [0, 0.52]],
    ],
  },
  L: {
    width: 0.48,
    strokes: [
      [
        [0, 0],
        [0, 1],
        [0.48, 1],
      ],
    ],
  },
  A: {
    width: 0.64,
    strokes: [
      [
        [0, 1],
        [0.32, 0],
        [0.64, 1],
      ],
      [
        [0.12, 0.64],
        [0.52, 0.64],
      ],
    ],
  },
  Y: {
    width: 0.62,
    strokes: [
      [
        [0, 0],
        [0.31, 0.5],
        [0.62, 0],
      ],
      [
        [0.31, 0.5],
        [0.31, 1],
      ],
    ],
  },
  H: {
    width: 0.56,
    strokes: [
      [
        [0, 0],
        [0, 1],
      ],
      [
        [0.56, 0],
        [0.56, 1],
      ],
      [
        [0, 0.5],
        [0.56, 0.5],
      ],
    ],
  },
  O: {
    width: 0.68,
    strokes: [
      Array.from({ length: 49 }, (_, i): Point => {
        const angle = (i / 48) * Math.PI * 2;
        return [0.34 + 0.34 * Math.cos(angle), 0.5 + 0.5 * Math.sin(angle)];
      }),
    ],
  },
  U: {
    width: 0.56,
    strokes: [[[0, 0], ...arc(0.28, 0.72, 0.28, 180, 0), [0.56, 0]]],
  },
  S: {
    width: 0.54,
    strokes: [[...arc(0.27, 0.25, 0.25, -25, -270), ...arc(0.27, 0.75, 0.25, -90, 155)]],
  },
  E: {
    width: 0.48,
    strokes: [
      [
        [0.48, 0],
        [0, 0],
        [0, 1],
        [0.48, 1],
      ],
      [
        [0, 0.5],
        [0.4, 0.5],
      ],
    ],
  },
};

/** The wordmark set in stroked capitals, its top-left at (x, y); returns the shape and its width in pixels. */
export function wordmark(text: string, x: number, y: number, capHeight: number): { shape: Sdf; width: number } {
  const halfStroke = capHeight * 0.075;
  const tracking = capHeight * 0.3;
  const shapes: Sdf[] = [];
  let cursor = x + halfStroke;
  for (const letter of text) {
    const glyph = GLYPHS[letter];
    if (!glyph) throw new Error(`the wordmark has no glyph for ${letter}`);
    for (const stroke of glyph.strokes) {
      const left = cursor;
      shapes.push(
        polyline(
          stroke.map(([px, py]): Point => [left + px * capHeight, y + halfStroke + py * (capHeight - 2 * halfStroke)]),
          halfStroke,
        ),
      );
    }
    cursor += glyph.width * capHeight + tracking;
  }
  return { shape: union(...shapes), width: cursor - tracking + halfStroke - x };
}

function suit(kind: 'heart' | 'spade', cx: number, cy: number, size: number): Sdf {
  const r = size * 0.27;
  const lobes = union(circle(cx - r * 0.95, cy - r * 0.2, r), circle(cx + r * 0.95, cy - r * 0.2, r));
  const point = polygon([
    [cx - size * 0.52, cy + size * 0.02],
    [cx + size * 0.52, cy + size * 0.02],
    [cx, cy + size * 0.6],
  ]);
  const heart = union(lobes, point);
  if (kind === 'heart') return heart;
  const flipped: Sdf = (x, y) => heart(x, 2 * cy + size * 0.2 - y);
  const stem = polygon([
    [cx, cy + size * 0.1],
    [cx + size * 0.22, cy + size * 0.62],
    [cx - size * 0.22, cy + size * 0.62],
  ]);
  return union(flipped, stem);
}

function card(canvas: Canvas, cx: number, cy: number, deg: number, kind: 'heart' | 'spade'): void {
  const w = 150;
  const h = 210;
  const box = boxAround(cx, cy, Math.hypot(w, h) / 2 + 20);
  const shadow = rotate(roundedRect(cx + 8, cy + 12, w / 2, h / 2, 16), cx, cy, deg);
  canvas.fill(grow(shadow, 4), hex('#000000', 0.35), box);
  canvas.fill(rotate(roundedRect(cx, cy, w / 2, h / 2, 16), cx, cy, deg), hex(BRAND.paper), box);
  const ink = kind === 'heart' ? hex(BRAND.ruby) : hex(BRAND.ink);
  canvas.fill(rotate(suit(kind, cx, cy - 8, 70), cx, cy, deg), ink, box);
  canvas.fill(rotate(suit(kind, cx - w / 2 + 24, cy - h / 2 + 28, 22), cx, cy, deg), ink, box);
  canvas.fill(rotate(suit(kind, cx + w / 2 - 24, cy + h / 2 - 40, 22), cx, cy, deg), ink, box);
}

function chip(canvas: Canvas, cx: number, cy: number, r: number, color: string): void {
  const box = boxAround(cx, cy, r + 8);
  canvas.fill(circle(cx + 4, cy + 6, r), hex('#000000', 0.3), box);
  canvas.fill(circle(cx, cy, r), hex(color), box);
  for (let i = 0; i < 8; i++) {
    const notch = rotate(roundedRect(cx, cy - r * 0.84, r * 0.13, r * 0.15, r * 0.04), cx, cy, i * 45);
    canvas.fill(notch, hex(BRAND.paper), box);
  }
  canvas.fill(subtract(circle(cx, cy, r * 0.62), circle(cx, cy, r * 0.52)), hex(BRAND.paper, 0.85), box);
  canvas.fill(circle(cx, cy, r * 0.5), hex(color), box);
}

/** The 900x600 open-graph image: the mark and wordmark on the brand's night sky, with cards and chips. */
export function renderOgImage(): Buffer {
  const width = 900;
  const height = 600;
  const canvas = new Canvas(width, height);
  canvas.fill(
    everywhere,
    linearGradient(
      [0, 0],
      [width, height],
      [
        [0, hex(BRAND.ink)],
        [1, hex(BRAND.night)],
      ],
    ),
  );
  canvas.fill(
    everywhere,
    radialGradient([690, 230], 430, [
      [0, hex(BRAND.violet, 0.55)],
      [1, hex(BRAND.violet, 0)],
    ]),
  );
  canvas.fill(
    everywhere,
    radialGradient([120, 560], 320, [
      [0, hex(BRAND.gold, 0.16)],
      [1, hex(BRAND.gold, 0)],
    ]),
  );
  card(canvas, 640, 300, -14, 'spade');
  card(canvas, 760, 310, 9, 'heart');
  chip(canvas, 590, 488, 50, BRAND.ruby);
  chip(canvas, 812, 505, 38, BRAND.emerald);
  chip(canvas, 842, 118, 30, BRAND.sky);

  const markBox: Bounds = [60, 110, 250, 300];
  canvas.fill(roundedRect(155, 205, 95, 95, 40), backgroundPaint(190, 60, 110), markBox);
  canvas.fill(markShape(60, 110, 190), goldPaint(110 + 190 * 0.16, 110 + 190 * 0.84), markBox);
  const mark = wordmark('PLAYHOUSE', 64, 350, 58);
  canvas.fill(
    mark.shape,
    linearGradient(
      [0, 350],
      [0, 408],
      [
        [0, hex('#ffffff')],
        [1, hex('#e9ddff')],
      ],
    ),
    [64, 350, 64 + mark.width, 408],
  );
  canvas.fill(
    roundedRect(64 + 110, 448, 110, 5, 5),
    linearGradient(
      [64, 0],
      [284, 0],
      [
        [0, hex(BRAND.goldLight)],
        [1, hex(BRAND.goldDeep)],
      ],
    ),
    [64, 443, 284, 453],
  );
  return canvas.toPng();
}
