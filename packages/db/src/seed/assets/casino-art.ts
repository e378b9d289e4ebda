import type { DemoGame, DemoProvider } from '../content/casino-catalogue';
import { PROVIDER_LOGO } from '../content/casino-catalogue';

/*
 * Generated artwork of the demo casino: flat shapes on a coloured ground (few colours, so the PNG and WebP files stay
 * a few kilobytes). Every game's picture follows from its place in the catalogue and the game its engine plays.
 */

const PALETTES: readonly { ground: string; glow: string; accent: string; emblem: string }[] = [
  { ground: '#2b1055', glow: '#7597de', accent: '#ff6b6b', emblem: '#ffd166' },
  { ground: '#0b3d2e', glow: '#2ec4b6', accent: '#f4d35e', emblem: '#ffffff' },
  { ground: '#4a0d1a', glow: '#ff595e', accent: '#ffca3a', emblem: '#fefae0' },
  { ground: '#0d1b4a', glow: '#3a86ff', accent: '#8338ec', emblem: '#ffbe0b' },
  { ground: '#3d2400', glow: '#f77f00', accent: '#d62828', emblem: '#fcbf49' },
  { ground: '#102a43', glow: '#48bb78', accent: '#f6e05e', emblem: '#e2e8f0' },
  { ground: '#2d0036', glow: '#c77dff', accent: '#ff70a6', emblem: '#70d6ff' },
  { ground: '#1b263b', glow: '#e0e1dd', accent: '#ef476f', emblem: '#06d6a0' },
  { ground: '#331a00', glow: '#ffb703', accent: '#219ebc', emblem: '#fb8500' },
  { ground: '#03071e', glow: '#dc2f02', accent: '#ffba08', emblem: '#f48c06' },
];

const n = (value: number) => String(Math.round(value * 10) / 10);

function star(points: number, outer: number, inner: number): string {
  const corners: string[] = [];
  for (let index = 0; index < points * 2; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = (Math.PI * index) / points - Math.PI / 2;
    corners.push(`${n(Math.cos(angle) * radius)},${n(Math.sin(angle) * radius)}`);
  }
  return corners.join(' ');
}

function slotEmblem(variant: number, color: string, accent: string): string {
  switch (variant % 4) {
    case 0:
      return `<polygon points="${star(5, 120, 52)}" fill="${color}" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>`;
    case 1:
      return `<polygon points="0,-125 105,0 0,125 -105,0" fill="${color}" stroke="#fff" stroke-width="8"/><polygon points="0,-125 40,0 0,125 -40,0" fill="${accent}" opacity="0.6"/>`;
    case 2:
      return (
        `<path d="M-30,-40 Q0,-120 60,-110" stroke="#3a5a40" stroke-width="12" fill="none"/>` +
        `<path d="M40,-30 Q50,-90 60,-110" stroke="#3a5a40" stroke-width="12" fill="none"/>` +
        `<circle cx="-40" cy="30" r="62" fill="${accent}" stroke="#fff" stroke-width="6"/>` +
        `<circle cx="55" cy="40" r="62" fill="${color}" stroke="#fff" stroke-width="6"/>`
      );
    default:
      return `<path d="M-90,-90 H90 L10,120 H-50 L35,-40 H-90 Z" fill="${color}" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>`;
  }
}

function suit(variant: number, color: string): string {
  switch (variant % 4) {
    case 0:
      return `<path d="M0,-110 C60,-40 110,0 60,55 C35,80 10,60 8,40 L25,110 H-25 L-8,40 C-10,60 -35,80 -60,55 C-110,0 -60,-40 0,-110 Z" fill="${color}" stroke="#fff" stroke-width="6"/>`;
    case 1:
      return `<path d="M0,110 C-70,40 -120,0 -95,-55 C-70,-105 -15,-90 0,-50 C15,-90 70,-105 95,-55 C120,0 70,40 0,110 Z" fill="${color}" stroke="#fff" stroke-width="6"/>`;
    case 2:
      return `<polygon points="0,-120 85,0 0,120 -85,0" fill="${color}" stroke="#fff" stroke-width="6"/>`;
    default:
      return (
        `<circle cx="0" cy="-55" r="45" fill="${color}"/><circle cx="-55" cy="20" r="45" fill="${color}"/>` +
        `<circle cx="55" cy="20" r="45" fill="${color}"/><path d="M-12,10 L-30,115 H30 L12,10 Z" fill="${color}"/>`
      );
  }
}

function wheel(color: string, accent: string): string {
  const spokes = Array.from({ length: 12 }, (_, index) => {
    const angle = (Math.PI * 2 * index) / 12;
    return `<line x1="0" y1="0" x2="${n(Math.cos(angle) * 110)}" y2="${n(Math.sin(angle) * 110)}" stroke="${index % 2 ? accent : '#fff'}" stroke-width="10"/>`;
  }).join('');
  return (
    `<circle r="125" fill="${color}" stroke="#fff" stroke-width="8"/>${spokes}` +
    `<circle r="45" fill="${accent}" stroke="#fff" stroke-width="6"/><circle cx="70" cy="-70" r="14" fill="#fff"/>`
  );
}

function dice(color: string, accent: string): string {
  const pips = [
    [-45, -45],
    [45, -45],
    [0, 0],
    [-45, 45],
    [45, 45],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="16" fill="${accent}"/>`)
    .join('');
  return `<rect x="-100" y="-100" width="200" height="200" rx="36" fill="${color}" stroke="#fff" stroke-width="8"/>${pips}`;
}

function pegs(color: string, accent: string): string {
  const dots: string[] = [];
  for (let row = 0; row < 6; row += 1) {
    for (let column = 0; column <= row; column += 1) {
      dots.push(`<circle cx="${n((column - row / 2) * 40)}" cy="${n(row * 36 - 100)}" r="8" fill="${color}"/>`);
    }
  }
  return `${dots.join('')}<circle cx="20" cy="-118" r="20" fill="${accent}" stroke="#fff" stroke-width="5"/><rect x="-130" y="100" width="260" height="24" rx="8" fill="${accent}"/>`;
}

function reels(color: string, accent: string): string {
  return [-90, 0, 90]
    .map(
      (x, index) =>
        `<rect x="${x - 40}" y="-90" width="80" height="180" rx="16" fill="#fff"/>` +
        `<polygon transform="translate(${x} 0)" points="${star(5, 30, 13)}" fill="${index === 1 ? accent : color}"/>`,
    )
    .join('');
}

/** A clock's ring round an emblem: a shared table's rounds run on a clock. */
function clockRing(color: string): string {
  const ticks = Array.from({ length: 12 }, (_, index) => {
    const angle = (Math.PI * 2 * index) / 12;
    return `<line x1="${n(Math.cos(angle) * 150)}" y1="${n(Math.sin(angle) * 150)}" x2="${n(Math.cos(angle) * 168)}" y2="${n(Math.sin(angle) * 168)}" stroke="${color}" stroke-width="8"/>`;
  }).join('');
  return `<circle r="160" fill="none" stroke="${color}" stroke-width="6" opacity="0.7"/>${ticks}`;
}

/** The picture says the game: a wheel for roulette, dice for dice games, cards for card games, reels for slots. */
function emblem(game: DemoGame, palette: (typeof PALETTES)[number]): string {
  const variant = Math.floor(game.art / PALETTES.length);
  if (game.engine === 'dice') return dice(palette.emblem, palette.ground);
  if (game.engine === 'plinko') return pegs(palette.emblem, palette.accent);
  if (game.engine === 'table' || game.engine === 'shared-table') {
    const config = game.config ?? '';
    const picture = config.startsWith('roulette')
      ? wheel(palette.accent, palette.emblem)
      : config === 'sic-bo' || config === 'craps'
        ? dice(palette.emblem, palette.ground)
        : suit(variant, palette.emblem);
    return game.engine === 'shared-table' ? clockRing(palette.emblem) + picture : picture;
  }
  if (game.kind === 'originals') return reels(palette.glow, palette.accent);
  // The three-reel fruit machine shows its fruit; the other slots one of the emblems.
  if (game.config === 'fruit-classic') return slotEmblem(2, palette.emblem, palette.accent);
  return slotEmblem(variant + game.art, palette.emblem, palette.accent);
}

/** A game's picture as SVG, drawn on a 600x400 canvas and scaled to the rendition's size (cropped to its ratio). */
export function gameArtSvg(game: DemoGame, width: number, height: number): string {
  const palette = PALETTES[game.art % PALETTES.length]!;
  const tilt = ((game.art * 37) % 30) - 15;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 400" preserveAspectRatio="xMidYMid slice">` +
    `<rect width="600" height="400" fill="${palette.ground}"/>` +
    `<circle cx="${470 - (game.art % 5) * 20}" cy="60" r="160" fill="${palette.glow}" opacity="0.35"/>` +
    `<circle cx="${80 + (game.art % 3) * 30}" cy="380" r="140" fill="${palette.accent}" opacity="0.4"/>` +
    `<g transform="translate(300 200) rotate(${tilt})">${emblem(game, palette)}</g>` +
    '</svg>'
  );
}

/** A provider's logo: its name set in a rounded badge (the browser draws the text; no font is embedded). */
export function providerLogoSvg(provider: DemoProvider, index: number): string {
  const palette = PALETTES[(index * 3) % PALETTES.length]!;
  const { width, height } = PROVIDER_LOGO;
  const escaped = provider.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" rx="10" fill="${palette.ground}"/>` +
    `<circle cx="24" cy="24" r="12" fill="${palette.emblem}"/>` +
    `<text x="44" y="30" font-family="system-ui, sans-serif" font-size="15" font-weight="700" fill="#fff">${escaped}</text>` +
    '</svg>\n'
  );
}
