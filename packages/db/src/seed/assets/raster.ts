import { encodePng } from './png';

/** r, g, b in 0..255; a in 0..1. */
export interface Color {
  r: number;
  g: number;
  b: number;
  a: number;
}
export type Paint = (x: number, y: number) => Color;
/** Signed distance in pixels from a point to a shape's edge: negative inside, positive outside. */
export type Sdf = (x: number, y: number) => number;
export type Point = readonly [number, number];
export type Bounds = readonly [left: number, top: number, right: number, bottom: number];
export type GradientStop = readonly [offset: number, color: Color];

export function hex(value: string, alpha = 1): Color {
  const match = /^#([0-9a-f]{6})$/i.exec(value);
  if (!match?.[1]) throw new Error(`not a #rrggbb colour: ${value}`);
  const n = Number.parseInt(match[1], 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff, a: alpha };
}

function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

function mix(a: Color, b: Color, t: number): Color {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: a.a + (b.a - a.a) * t };
}

function sampleStops(stops: readonly GradientStop[], t: number): Color {
  const first = stops[0];
  if (!first) throw new Error('a gradient needs at least one stop');
  if (t <= first[0]) return first[1];
  for (let i = 1; i < stops.length; i++) {
    const [offset, color] = stops[i] as GradientStop;
    const [prevOffset, prevColor] = stops[i - 1] as GradientStop;
    if (t <= offset) return mix(prevColor, color, offset === prevOffset ? 1 : (t - prevOffset) / (offset - prevOffset));
  }
  return (stops[stops.length - 1] as GradientStop)[1];
}

export function solid(color: Color): Paint {
  return () => color;
}

export function linearGradient(from: Point, to: Point, stops: readonly GradientStop[]): Paint {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const lengthSquared = dx * dx + dy * dy || 1;
  return (x, y) => sampleStops(stops, clamp01(((x - from[0]) * dx + (y - from[1]) * dy) / lengthSquared));
}

export function radialGradient(center: Point, radius: number, stops: readonly GradientStop[]): Paint {
  return (x, y) => sampleStops(stops, clamp01(Math.hypot(x - center[0], y - center[1]) / radius));
}

export function circle(cx: number, cy: number, radius: number): Sdf {
  return (x, y) => Math.hypot(x - cx, y - cy) - radius;
}

/** A rectangle centred on (cx, cy) with half sizes hw, hh and corner radius r. */
export function roundedRect(cx: number, cy: number, hw: number, hh: number, r: number): Sdf {
  return (x, y) => {
    const qx = Math.abs(x - cx) - hw + r;
    const qy = Math.abs(y - cy) - hh + r;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };
}

/** Exact distance to a closed polygon (Inigo Quilez's formulation). */
export function polygon(points: readonly Point[]): Sdf {
  if (points.length < 3) throw new Error('a polygon needs three points');
  return (x, y) => {
    const [x0, y0] = points[0] as Point;
    let d = (x - x0) ** 2 + (y - y0) ** 2;
    let sign = 1;
    for (let i = 0, j = points.length - 1; i < points.length; j = i, i++) {
      const [xi, yi] = points[i] as Point;
      const [xj, yj] = points[j] as Point;
      const ex = xj - xi;
      const ey = yj - yi;
      const wx = x - xi;
      const wy = y - yi;
      const t = clamp01((wx * ex + wy * ey) / (ex * ex + ey * ey));
      const bx = wx - ex * t;
      const by = wy - ey * t;
      d = Math.min(d, bx * bx + by * by);
      const c1 = y >= yi;
      const c2 = y < yj;
      const c3 = ex * wy > ey * wx;
      if ((c1 && c2 && c3) || (!c1 && !c2 && !c3)) sign = -sign;
    }
    return sign * Math.sqrt(d);
  };
}

/** A stroke of the given half width along an open polyline, with round caps and joins. */
export function polyline(points: readonly Point[], halfWidth: number): Sdf {
  return (x, y) => {
    let d = Infinity;
    for (let i = 1; i < points.length; i++) {
      const [ax, ay] = points[i - 1] as Point;
      const [bx, by] = points[i] as Point;
      const ex = bx - ax;
      const ey = by - ay;
      const t = clamp01(((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey || 1));
      d = Math.min(d, Math.hypot(x - ax - ex * t, y - ay - ey * t));
    }
    return d - halfWidth;
  };
}

/** Points along a circular arc; angles in degrees, y pointing down (0 = right, 90 = down). */
export function arc(cx: number, cy: number, radius: number, fromDeg: number, toDeg: number, steps = 24): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const angle = ((fromDeg + ((toDeg - fromDeg) * i) / steps) * Math.PI) / 180;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  return points;
}

export function union(...shapes: Sdf[]): Sdf {
  return (x, y) => {
    let d = Infinity;
    for (const shape of shapes) d = Math.min(d, shape(x, y));
    return d;
  };
}
export const subtract =
  (shape: Sdf, hole: Sdf): Sdf =>
  (x, y) =>
    Math.max(shape(x, y), -hole(x, y));
/** Grows a shape by r, which rounds its corners. */
export const grow =
  (shape: Sdf, r: number): Sdf =>
  (x, y) =>
    shape(x, y) - r;
/** The shape turned by `deg` degrees around (cx, cy). */
export function rotate(shape: Sdf, cx: number, cy: number, deg: number): Sdf {
  const cos = Math.cos((-deg * Math.PI) / 180);
  const sin = Math.sin((-deg * Math.PI) / 180);
  return (x, y) => shape(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos);
}

/** An RGBA canvas that composites anti-aliased shapes (coverage from the distance field) with source-over. */
export class Canvas {
  readonly width: number;
  readonly height: number;
  /** Premultiplied r, g, b (0..255) and alpha (0..1) per pixel. */
  private readonly data: Float64Array;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.data = new Float64Array(width * height * 4);
  }

  /** Paints `shape`; `bounds` ([left, top, right, bottom]) limits the scan to where the shape can be. */
  fill(shape: Sdf, paint: Paint | Color, bounds?: Bounds): this {
    const colorAt = typeof paint === 'function' ? paint : solid(paint);
    const [left, top, right, bottom] = bounds ?? [0, 0, this.width, this.height];
    const x0 = Math.max(0, Math.floor(left) - 1);
    const y0 = Math.max(0, Math.floor(top) - 1);
    const x1 = Math.min(this.width, Math.ceil(right) + 1);
    const y1 = Math.min(this.height, Math.ceil(bottom) + 1);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const coverage = clamp01(0.5 - shape(px, py));
        if (coverage === 0) continue;
        const color = colorAt(px, py);
        const alpha = color.a * coverage;
        const i = (y * this.width + x) * 4;
        const keep = 1 - alpha;
        this.data[i] = color.r * alpha + (this.data[i] as number) * keep;
        this.data[i + 1] = color.g * alpha + (this.data[i + 1] as number) * keep;
        this.data[i + 2] = color.b * alpha + (this.data[i + 2] as number) * keep;
        this.data[i + 3] = alpha + (this.data[i + 3] as number) * keep;
      }
    }
    return this;
  }

  /** Straight (not premultiplied) 8-bit RGBA. */
  toRgba(): Uint8Array {
    const out = new Uint8Array(this.width * this.height * 4);
    for (let i = 0; i < out.length; i += 4) {
      const alpha = this.data[i + 3] as number;
      if (alpha <= 0) continue;
      out[i] = Math.round(Math.min(255, (this.data[i] as number) / alpha));
      out[i + 1] = Math.round(Math.min(255, (this.data[i + 1] as number) / alpha));
      out[i + 2] = Math.round(Math.min(255, (this.data[i + 2] as number) / alpha));
      out[i + 3] = Math.round(Math.min(1, alpha) * 255);
    }
    return out;
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.toRgba());
  }
}

/** The whole canvas as a shape, for backgrounds. */
export const everywhere: Sdf = () => -1e9;

/** The square box around a circle of radius r at (cx, cy): enough for any shape turned around that centre. */
export function boxAround(cx: number, cy: number, r: number): Bounds {
  return [cx - r, cy - r, cx + r, cy + r];
}
