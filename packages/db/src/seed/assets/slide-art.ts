import { BRAND } from './brand';
import { SLIDE_SIZES, type SlideSize } from './slide-sizes';

const n = (value: number): string => String(Math.round(value * 100) / 100);

/** A small deterministic PRNG (mulberry32), so the scattered sparkles land in the same place on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) as number), 16777619);
  return hash >>> 0;
}

const polar = (r: number, deg: number): [number, number] => [
  r * Math.cos((deg * Math.PI) / 180),
  r * Math.sin((deg * Math.PI) / 180),
];

function giftMotif(): string {
  const coin = (x: number, y: number, r: number) =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#gold)" stroke="#b45309" stroke-width="2"/><circle cx="${x}" cy="${y}" r="${n(r * 0.68)}" fill="none" stroke="#b45309" stroke-width="1.5"/>`;
  return (
    `<rect x="-68" y="-16" width="136" height="92" rx="10" fill="${BRAND.ruby}"/>` +
    '<rect x="-68" y="-16" width="136" height="20" fill="#000" opacity=".15"/>' +
    `<rect x="-80" y="-44" width="160" height="32" rx="8" fill="#f43f5e"/>` +
    '<rect x="-13" y="-44" width="26" height="120" fill="url(#gold)"/>' +
    '<path d="M-2-44C-26-92-76-76-50-50-40-42-20-44-2-44z" fill="url(#gold)" stroke="#b45309" stroke-width="2"/>' +
    '<path d="M2-44C26-92 76-76 50-50 40-42 20-44 2-44z" fill="url(#gold)" stroke="#b45309" stroke-width="2"/>' +
    `<circle cx="0" cy="-46" r="11" fill="${BRAND.goldDeep}"/>` +
    coin(-98, 58, 22) +
    coin(100, 44, 17) +
    coin(86, -78, 12)
  );
}

function rouletteMotif(): string {
  const count = 37;
  const sectors = Array.from({ length: count }, (_, i) => {
    const a0 = (i * 360) / count - 90;
    const a1 = ((i + 1) * 360) / count - 90;
    const [x0, y0] = polar(86, a0);
    const [x1, y1] = polar(86, a1);
    const [x2, y2] = polar(62, a1);
    const [x3, y3] = polar(62, a0);
    const fill = i === 0 ? BRAND.emerald : i % 2 ? BRAND.ruby : '#111827';
    return `<path d="M${n(x0)} ${n(y0)}A86 86 0 0 1 ${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}A62 62 0 0 0 ${n(x3)} ${n(y3)}z" fill="${fill}"/>`;
  }).join('');
  const spokes = [0, 90, 180, 270]
    .map((deg) => {
      const [x, y] = polar(44, deg + 45);
      return `<path d="M0 0L${n(x)} ${n(y)}" stroke="url(#gold)" stroke-width="6" stroke-linecap="round"/><circle cx="${n(x)}" cy="${n(y)}" r="6" fill="url(#gold)"/>`;
    })
    .join('');
  const [bx, by] = polar(74, -62);
  return (
    '<circle r="98" fill="#000" opacity=".35" cx="6" cy="10"/>' +
    '<circle r="98" fill="#78350f" stroke="url(#gold)" stroke-width="5"/>' +
    sectors +
    '<circle r="62" fill="#92400e"/><circle r="54" fill="#b45309" opacity=".8"/>' +
    spokes +
    '<circle r="14" fill="url(#gold)"/>' +
    `<circle cx="${n(bx)}" cy="${n(by)}" r="7" fill="#fff"/>`
  );
}

function ballMotif(): string {
  const pentagon = (cx: number, cy: number, r: number, rotation: number): string =>
    Array.from({ length: 5 }, (_, i) => {
      const [x, y] = polar(r, rotation + i * 72 - 90);
      return `${n(cx + x)},${n(cy + y)}`;
    }).join(' ');
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const [x0, y0] = polar(24, i * 72 - 90);
    const [x1, y1] = polar(52, i * 72 - 90);
    return `M${n(x0)} ${n(y0)}L${n(x1)} ${n(y1)}`;
  }).join('');
  const outer = Array.from({ length: 5 }, (_, i) => {
    const [x, y] = polar(72, i * 72 - 90);
    return `<polygon points="${pentagon(x, y, 20, i * 72 + 36)}" fill="${BRAND.ink}"/>`;
  }).join('');
  return (
    '<g stroke="#fff" stroke-linecap="round" opacity=".35"><path d="M-150-30h-50" stroke-width="8"/><path d="M-130 10h-70" stroke-width="8"/><path d="M-150 50h-40" stroke-width="8"/></g>' +
    '<circle r="82" cx="6" cy="10" fill="#000" opacity=".35"/>' +
    `<circle r="82" fill="${BRAND.paper}" stroke="url(#gold)" stroke-width="5"/>` +
    `<polygon points="${pentagon(0, 0, 26, 0)}" fill="${BRAND.ink}"/>` +
    `<path d="${spokes}" stroke="${BRAND.ink}" stroke-width="5"/>` +
    '<clipPath id="ball"><circle r="79"/></clipPath>' +
    `<g clip-path="url(#ball)">${outer}</g>`
  );
}

function chipsMotif(): string {
  const colors = [BRAND.ruby, BRAND.emerald, BRAND.sky];
  const stacks: [number, number][] = [
    [-78, 5],
    [0, 8],
    [78, 4],
  ];
  return stacks
    .map(([x, height], s) => {
      const color = colors[s % colors.length] as string;
      return Array.from({ length: height }, (_, i) => {
        const y = 70 - i * 16;
        return (
          `<path d="M${x - 42} ${y}v10a42 14 0 0 0 84 0v-10z" fill="${color}" stroke="#000" stroke-opacity=".25"/>` +
          `<path d="M${x - 42} ${y + 5}a42 14 0 0 0 84 0" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="9 9" opacity=".8"/>` +
          `<ellipse cx="${x}" cy="${y}" rx="42" ry="14" fill="${color}"/>` +
          `<ellipse cx="${x}" cy="${y}" rx="36" ry="11" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="8 10"/>` +
          `<ellipse cx="${x}" cy="${y}" rx="22" ry="7" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>`
        );
      }).join('');
    })
    .join('');
}

function reelsMotif(): string {
  const windows = [-62, 0, 62]
    .map((x) => `<rect x="${x - 27}" y="-52" width="54" height="104" rx="8" fill="${BRAND.paper}"/>`)
    .join('');
  const star = Array.from({ length: 10 }, (_, i) => {
    const [x, y] = polar(i % 2 ? 9 : 21, i * 36 - 90);
    return `${n(x - 62)},${n(y)}`;
  }).join(' ');
  const lights = Array.from({ length: 9 }, (_, i) => {
    const color = [BRAND.ruby, BRAND.gold, BRAND.emerald][i % 3] as string;
    return `<circle cx="${-80 + i * 20}" cy="-84" r="5" fill="${color}"/>`;
  }).join('');
  return (
    '<rect x="-106" y="-96" width="212" height="180" rx="20" fill="#000" opacity=".35" transform="translate(6 10)"/>' +
    `<rect x="-106" y="-96" width="212" height="180" rx="20" fill="${BRAND.ink}" stroke="url(#gold)" stroke-width="6"/>` +
    lights +
    windows +
    `<polygon points="${star}" fill="${BRAND.goldDeep}"/>` +
    `<path d="M-16-24h32v8L0 24h-12l15-36h-19z" fill="${BRAND.ruby}"/>` +
    `<path d="M56 2c2-14 8-20 16-24M68 4c0-12 2-20 4-26" fill="none" stroke="${BRAND.emerald}" stroke-width="3" stroke-linecap="round"/>` +
    `<circle cx="54" cy="10" r="10" fill="${BRAND.ruby}"/><circle cx="70" cy="12" r="10" fill="#be123c"/>` +
    `<path d="M-98 0H98" stroke="${BRAND.gold}" stroke-width="3" stroke-dasharray="10 6" opacity=".9"/>` +
    `<path d="M106-40h12v50" fill="none" stroke="url(#gold)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="118" cy="-46" r="10" fill="${BRAND.ruby}"/>`
  );
}

function cashbackMotif(): string {
  const [sx, sy] = polar(88, -70);
  const [ex, ey] = polar(88, 215);
  const [tx, ty] = polar(88, 240);
  const [lx, ly] = polar(70, 212);
  const [rx, ry] = polar(106, 212);
  return (
    `<path d="M${n(sx)} ${n(sy)}A88 88 0 1 1 ${n(ex)} ${n(ey)}" fill="none" stroke="${BRAND.emerald}" stroke-width="14" stroke-linecap="round"/>` +
    `<polygon points="${n(lx)},${n(ly)} ${n(rx)},${n(ry)} ${n(tx)},${n(ty)}" fill="${BRAND.emerald}" stroke="${BRAND.emerald}" stroke-width="6" stroke-linejoin="round"/>` +
    '<circle r="60" cx="5" cy="8" fill="#000" opacity=".35"/>' +
    '<circle r="60" fill="url(#gold)" stroke="#b45309" stroke-width="3"/>' +
    '<circle r="46" fill="none" stroke="#b45309" stroke-width="2.5"/>' +
    `<g stroke="${BRAND.ink}" stroke-width="7" fill="none" stroke-linecap="round"><circle cx="-14" cy="-14" r="9"/><circle cx="14" cy="14" r="9"/><path d="M18-24-18 24"/></g>`
  );
}

interface SlideTheme {
  from: string;
  to: string;
  glow: string;
  motif: () => string;
  /** Large, faint background lines (the sports pitch) drawn across the whole slide. */
  backdrop?: (width: number, height: number) => string;
}

const pitch = (width: number, height: number): string => {
  const cx = width * 0.7;
  return (
    '<g fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="4">' +
    `<path d="M${n(cx)} 0V${height}"/>` +
    `<circle cx="${n(cx)}" cy="${n(height / 2)}" r="${n(height * 0.32)}"/>` +
    `<rect x="${n(width - height * 0.3)}" y="${n(height * 0.2)}" width="${n(height * 0.4)}" height="${n(height * 0.6)}"/>` +
    `<rect x="${n(-height * 0.1)}" y="${n(height * 0.2)}" width="${n(height * 0.4)}" height="${n(height * 0.6)}"/>` +
    '</g>'
  );
};

export const SLIDE_THEMES: Record<string, SlideTheme> = {
  welcome: { from: '#4c1d95', to: BRAND.ink, glow: BRAND.gold, motif: giftMotif },
  'shared-tables': { from: '#065f46', to: '#022c22', glow: BRAND.emerald, motif: rouletteMotif },
  sports: { from: '#1e3a8a', to: '#0b1430', glow: BRAND.sky, motif: ballMotif, backdrop: pitch },
  'weekend-reload': { from: '#881337', to: '#1e0a12', glow: BRAND.ruby, motif: chipsMotif },
  'free-spins': { from: '#3730a3', to: BRAND.ink, glow: BRAND.violet, motif: reelsMotif },
  cashback: { from: '#115e59', to: BRAND.night, glow: BRAND.emerald, motif: cashbackMotif },
};

/**
 * Slide artwork without any words (the localized HTML body is laid over it): the motif sits on the right, and the
 * left side stays dark so white text reads well on it.
 */
export function slideSvg(theme: string, size: SlideSize): string {
  const art = SLIDE_THEMES[theme];
  if (!art) throw new Error(`no slide artwork for ${theme}`);
  const { width, height } = SLIDE_SIZES[size];
  const wide = width / height > 2;
  const scale = wide ? (height * 0.8) / 200 : (height * 0.5) / 200;
  const cx = wide ? width * 0.72 : width * 0.76;
  const cy = wide ? height / 2 : height * 0.64;
  const rand = random(seedOf(`${theme}:${size}`));
  const sparkles = Array.from({ length: wide ? 22 : 12 }, () => {
    const x = width * (0.42 + rand() * 0.56);
    const y = height * (0.06 + rand() * 0.88);
    const r = 1.5 + rand() * 3.5;
    const opacity = 0.25 + rand() * 0.5;
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#fff" opacity="${n(opacity)}"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice">` +
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${n(cx / width)}" cy="${n(cy / height)}" r="${wide ? 0.45 : 0.6}"><stop offset="0" stop-color="${art.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${art.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${BRAND.night}" stop-opacity=".7"/><stop offset=".55" stop-color="${BRAND.night}" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BRAND.goldLight}"/><stop offset="1" stop-color="${BRAND.goldDeep}"/></linearGradient>` +
    '</defs>' +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>` +
    (art.backdrop?.(width, height) ?? '') +
    sparkles +
    `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n(scale)})">${art.motif()}</g>` +
    `<rect width="${width}" height="${height}" fill="url(#shade)"/>` +
    '</svg>\n'
  );
}
