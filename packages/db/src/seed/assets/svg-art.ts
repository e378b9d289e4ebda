import { BRAND, MARK } from './brand';

/** Numbers in SVG output: two decimals at most, so the files are small and the same on every run. */
const n = (value: number): string => String(Math.round(value * 100) / 100);
const points = (list: readonly (readonly [number, number])[], scale = 1, dx = 0, dy = 0): string =>
  list.map(([x, y]) => `${n(dx + x * scale)},${n(dy + y * scale)}`).join(' ');

function svg(viewBox: string, body: string, size?: { width: number; height: number }): string {
  const dimensions = size ? ` width="${size.width}" height="${size.height}"` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"${dimensions}>${body}</svg>\n`;
}

/** The favicon: the same mark as the PNG icons (see brand.ts), drawn with strokes that round its corners. */
export function faviconSvg(): string {
  const size = 64;
  return svg(
    `0 0 ${size} ${size}`,
    '<defs>' +
      `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND.violet}"/><stop offset="1" stop-color="${BRAND.violetDeep}"/></linearGradient>` +
      `<linearGradient id="gold" gradientUnits="userSpaceOnUse" x1="0" y1="${n(size * 0.16)}" x2="0" y2="${n(size * 0.84)}"><stop offset="0" stop-color="${BRAND.goldLight}"/><stop offset="1" stop-color="${BRAND.goldDeep}"/></linearGradient>` +
      `<mask id="door"><rect width="${size}" height="${size}" fill="#fff"/><polygon points="${points(MARK.play, size)}" fill="#000" stroke="#000" stroke-width="${n(2 * MARK.playRound * size)}" stroke-linejoin="round"/></mask>` +
      '</defs>' +
      `<rect width="${size}" height="${size}" rx="${n(size * 0.22)}" fill="url(#bg)"/>` +
      `<polygon points="${points(MARK.house, size)}" fill="url(#gold)" stroke="url(#gold)" stroke-width="${n(2 * MARK.houseRound * size)}" stroke-linejoin="round" mask="url(#door)"/>`,
  );
}

/** Flags at 4:3 (640x480), simplified where the real flag carries fine heraldry. */
export const FLAG_SVGS: Record<string, () => string> = {
  en: () =>
    svg(
      '0 0 640 480',
      '<svg viewBox="0 0 60 30" width="640" height="480" preserveAspectRatio="xMidYMid slice">' +
        '<clipPath id="t"><path d="M30,15h30v15zv15h-30zh-30v-15zv-15h30z"/></clipPath>' +
        '<path d="M0,0v30h60v-30z" fill="#012169"/>' +
        '<path d="M0,0L60,30M60,0L0,30" stroke="#fff" stroke-width="6"/>' +
        '<path d="M0,0L60,30M60,0L0,30" clip-path="url(#t)" stroke="#c8102e" stroke-width="4"/>' +
        '<path d="M30,0v30M0,15h60" stroke="#fff" stroke-width="10"/>' +
        '<path d="M30,0v30M0,15h60" stroke="#c8102e" stroke-width="6"/>' +
        '</svg>',
      { width: 640, height: 480 },
    ),
  de: () =>
    svg(
      '0 0 640 480',
      '<path fill="#000" d="M0 0h640v160H0z"/><path fill="#d00" d="M0 160h640v160H0z"/><path fill="#ffce00" d="M0 320h640v160H0z"/>',
      { width: 640, height: 480 },
    ),
  es: () =>
    svg('0 0 640 480', '<path fill="#aa151b" d="M0 0h640v480H0z"/><path fill="#f1bf00" d="M0 120h640v240H0z"/>', {
      width: 640,
      height: 480,
    }),
  pt: () => {
    const cx = 256;
    const cy = 240;
    const quinas = [
      [0, -26],
      [-22, 0],
      [0, 0],
      [22, 0],
      [0, 26],
    ]
      .map(
        ([x, y]) =>
          `<rect x="${cx + (x as number) - 7}" y="${cy + (y as number) - 9}" width="14" height="18" rx="5" fill="#003399"/>`,
      )
      .join('');
    return svg(
      '0 0 640 480',
      '<path fill="#006600" d="M0 0h256v480H0z"/><path fill="#f00" d="M256 0h384v480H256z"/>' +
        `<g fill="none" stroke="#ffdf00" stroke-width="9">` +
        `<circle cx="${cx}" cy="${cy}" r="92"/>` +
        `<ellipse cx="${cx}" cy="${cy}" rx="92" ry="30"/>` +
        `<ellipse cx="${cx}" cy="${cy}" rx="30" ry="92"/>` +
        `<path d="M${cx - 80} ${cy - 46}L${cx + 80} ${cy + 46}"/>` +
        '</g>' +
        `<path fill="#f00" stroke="#ffdf00" stroke-width="4" d="M${cx - 56} ${cy - 66}h112v62a56 56 0 0 1-112 0z"/>` +
        `<path fill="#fff" d="M${cx - 40} ${cy - 50}h80v46a40 40 0 0 1-80 0z"/>` +
        quinas,
      { width: 640, height: 480 },
    );
  },
  ru: () =>
    svg(
      '0 0 640 480',
      '<path fill="#fff" d="M0 0h640v160H0z"/><path fill="#0039a6" d="M0 160h640v160H0z"/><path fill="#d52b1e" d="M0 320h640v160H0z"/>',
      { width: 640, height: 480 },
    ),
};

const GOLD = BRAND.gold;
const icon = (body: string): string =>
  svg(
    '0 0 48 48',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${BRAND.goldLight}"/><stop offset="1" stop-color="${BRAND.goldDeep}"/></linearGradient></defs>${body}`,
    { width: 48, height: 48 },
  );

/** Navigation category icons, drawn for a dark bar: gold shapes with a few brand accents. */
export const CATEGORY_ICON_SVGS: Record<string, () => string> = {
  top: () =>
    icon(
      '<path d="M9 35 6.5 14l10.5 8.5L24 9l7 13.5L41.5 14 39 35z" fill="url(#g)" stroke="url(#g)" stroke-width="2" stroke-linejoin="round"/>' +
        `<rect x="9" y="37" width="30" height="4.5" rx="2" fill="${GOLD}"/>` +
        `<circle cx="24" cy="27" r="3.5" fill="${BRAND.ruby}"/><circle cx="15" cy="29" r="2.2" fill="${BRAND.sky}"/><circle cx="33" cy="29" r="2.2" fill="${BRAND.emerald}"/>`,
    ),
  new: () =>
    icon(
      '<path d="M21 7c1.8 10.2 4.8 13.2 15 15-10.2 1.8-13.2 4.8-15 15-1.8-10.2-4.8-13.2-15-15 10.2-1.8 13.2-4.8 15-15z" fill="url(#g)"/>' +
        `<path d="M37 5c.8 4.2 2 5.4 6 6-4 .8-5.2 2-6 6-.8-4-2-5.2-6-6 4-.6 5.2-1.8 6-6z" fill="${BRAND.sky}"/>` +
        `<circle cx="38" cy="37" r="2.5" fill="${BRAND.violet}"/>`,
    ),
  slots: () =>
    icon(
      '<rect x="5" y="10" width="32" height="30" rx="5" fill="none" stroke="url(#g)" stroke-width="3"/>' +
        `<rect x="9.5" y="17" width="23" height="14" rx="2" fill="${BRAND.ink}" stroke="${GOLD}" stroke-width="1.5"/>` +
        `<path d="M17.2 17v14M24.8 17v14" stroke="${GOLD}" stroke-width="1.5"/>` +
        `<circle cx="13.4" cy="24" r="2.6" fill="${BRAND.ruby}"/><path d="M21 21.4l2.6 2.6-2.6 2.6-2.6-2.6z" fill="${BRAND.sky}"/><circle cx="28.6" cy="24" r="2.6" fill="${BRAND.emerald}"/>` +
        `<path d="M37 28h4V14" fill="none" stroke="${GOLD}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/><circle cx="41" cy="12" r="3.2" fill="${BRAND.ruby}"/>` +
        `<rect x="12" y="34.5" width="18" height="2.5" rx="1.2" fill="${GOLD}"/>`,
    ),
  'shared-tables': () => {
    const sectors = Array.from({ length: 12 }, (_, i) => {
      const a0 = (i * 30 * Math.PI) / 180;
      const a1 = ((i + 1) * 30 * Math.PI) / 180;
      const [r0, r1] = [9, 16];
      const fill = i === 0 ? BRAND.emerald : i % 2 ? BRAND.ruby : BRAND.ink;
      return `<path d="M${n(24 + r1 * Math.cos(a0))} ${n(26 + r1 * Math.sin(a0))}A${r1} ${r1} 0 0 1 ${n(24 + r1 * Math.cos(a1))} ${n(26 + r1 * Math.sin(a1))}L${n(24 + r0 * Math.cos(a1))} ${n(26 + r0 * Math.sin(a1))}A${r0} ${r0} 0 0 0 ${n(24 + r0 * Math.cos(a0))} ${n(26 + r0 * Math.sin(a0))}z" fill="${fill}"/>`;
    }).join('');
    return icon(
      '<circle cx="24" cy="26" r="19" fill="url(#g)"/>' +
        sectors +
        `<circle cx="24" cy="26" r="8" fill="${GOLD}"/><path d="M24 20v12M18 26h12" stroke="${BRAND.ink}" stroke-width="2" stroke-linecap="round"/>` +
        `<circle cx="24" cy="12.5" r="2" fill="#fff"/>` +
        `<circle cx="41" cy="8" r="5" fill="${BRAND.ruby}" stroke="${BRAND.ink}" stroke-width="2"/>`,
    );
  },
  'table-games': () =>
    icon(
      `<g transform="rotate(-16 15 26)"><rect x="4" y="11" width="22" height="31" rx="3.5" fill="${BRAND.paper}" stroke="${GOLD}" stroke-width="2"/>` +
        `<path d="M12 18c-3.5 4-7 6-7 9.2a3.3 3.3 0 0 0 6 1.8l-1 4h4l-1-4a3.3 3.3 0 0 0 6-1.8C19 24 15.5 22 12 18z" fill="${BRAND.ink}"/></g>` +
        `<g transform="rotate(12 30 26)"><rect x="19" y="9" width="22" height="31" rx="3.5" fill="${BRAND.paper}" stroke="${GOLD}" stroke-width="2"/>` +
        `<path d="M30 33c-4-3.4-7.5-6-7.5-9.2a3.6 3.6 0 0 1 7.5-1.6 3.6 3.6 0 0 1 7.5 1.6C37.5 27 34 29.6 30 33z" fill="${BRAND.ruby}"/></g>`,
    ),
  jackpots: () =>
    icon(
      [36, 31, 26]
        .map(
          (y) =>
            `<path d="M6 ${y}v4c0 2.2 5.4 4 12 4s12-1.8 12-4v-4" fill="${BRAND.goldDeep}" stroke="${BRAND.ink}" stroke-width="1"/><ellipse cx="18" cy="${y}" rx="12" ry="4" fill="url(#g)" stroke="${BRAND.ink}" stroke-width="1"/>`,
        )
        .join('') +
        '<circle cx="33" cy="19" r="11" fill="url(#g)" stroke="#b45309" stroke-width="1.5"/>' +
        `<circle cx="33" cy="19" r="7.5" fill="none" stroke="#b45309" stroke-width="1.2"/>` +
        `<path d="M33 14.5l1.4 2.9 3.1.4-2.3 2.2.6 3.1-2.8-1.5-2.8 1.5.6-3.1-2.3-2.2 3.1-.4z" fill="${BRAND.ruby}"/>` +
        `<path d="M8 9l1 2.4 2.4 1-2.4 1L8 15.8l-1-2.4-2.4-1 2.4-1z" fill="${BRAND.sky}"/>`,
    ),
  originals: () =>
    icon(
      `<rect x="21" y="6" width="20" height="20" rx="4.5" transform="rotate(16 31 16)" fill="${BRAND.violet}" stroke="${GOLD}" stroke-width="1.5"/>` +
        `<circle cx="27.5" cy="11.5" r="1.8" fill="${BRAND.paper}"/><circle cx="34" cy="19.5" r="1.8" fill="${BRAND.paper}"/>` +
        '<rect x="6" y="18" width="24" height="24" rx="5.5" fill="url(#g)"/>' +
        [
          [11.5, 23.5],
          [24.5, 23.5],
          [18, 30],
          [11.5, 36.5],
          [24.5, 36.5],
        ]
          .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.3" fill="${BRAND.ink}"/>`)
          .join(''),
    ),
  sports: () => {
    const pentagon = (cx: number, cy: number, r: number, rotation: number): string =>
      Array.from({ length: 5 }, (_, i) => {
        const a = ((rotation + i * 72 - 90) * Math.PI) / 180;
        return `${n(cx + r * Math.cos(a))},${n(cy + r * Math.sin(a))}`;
      }).join(' ');
    const spokes = Array.from({ length: 5 }, (_, i) => {
      const a = ((i * 72 - 90) * Math.PI) / 180;
      return `M${n(24 + 6 * Math.cos(a))} ${n(24 + 6 * Math.sin(a))}L${n(24 + 12.5 * Math.cos(a))} ${n(24 + 12.5 * Math.sin(a))}`;
    }).join('');
    const outer = Array.from({ length: 5 }, (_, i) => {
      const a = i * 72;
      const rad = ((a - 90) * Math.PI) / 180;
      return `<polygon points="${pentagon(24 + 17 * Math.cos(rad), 24 + 17 * Math.sin(rad), 4.6, a + 36)}" fill="${BRAND.ink}"/>`;
    }).join('');
    return icon(
      `<circle cx="24" cy="24" r="19" fill="${BRAND.paper}" stroke="url(#g)" stroke-width="3"/>` +
        `<polygon points="${pentagon(24, 24, 6.5, 0)}" fill="${BRAND.ink}"/>` +
        `<path d="${spokes}" stroke="${BRAND.ink}" stroke-width="1.6"/>` +
        '<clipPath id="ball"><circle cx="24" cy="24" r="17.5"/></clipPath>' +
        `<g clip-path="url(#ball)">${outer}</g>`,
    );
  },
};
