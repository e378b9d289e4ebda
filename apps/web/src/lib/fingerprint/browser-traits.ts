import { SPEC } from '@playhouse/shared/constants';

/** One browser trait, by name; a trait the browser does not offer reads as 'unsupported', a failing one as 'error'. */
export type Trait = readonly [name: string, value: string];

/** Fonts probed by width; common across systems so that their presence actually tells browsers apart. */
const PROBED_FONTS = [
  'Arial',
  'Arial Black',
  'Calibri',
  'Cambria',
  'Comic Sans MS',
  'Consolas',
  'Courier New',
  'DejaVu Sans',
  'Georgia',
  'Helvetica',
  'Impact',
  'Lucida Console',
  'Noto Sans',
  'Palatino',
  'Segoe UI',
  'Tahoma',
  'Times New Roman',
  'Trebuchet MS',
  'Ubuntu',
  'Verdana',
];
const BASE_FONTS = ['monospace', 'sans-serif', 'serif'] as const;
const PROBE_TEXT = 'mmmmmmmmmmlli10OQ@#';

function safely(name: string, read: () => string | null | undefined): Trait {
  try {
    const value = read();
    return [name, value === null || value === undefined ? 'unsupported' : value];
  } catch {
    return [name, 'error'];
  }
}

function canvas2d(width: number, height: number): CanvasRenderingContext2D | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas.getContext('2d');
}

function canvasTrait(): string | null {
  const context = canvas2d(240, 60);
  if (!context) return null;
  context.textBaseline = 'top';
  context.font = "16px 'Arial'";
  context.fillStyle = '#f60';
  context.fillRect(100, 1, 62, 20);
  context.fillStyle = '#069';
  context.fillText('Playhouse, fingerprint 🎲', 2, 15);
  context.fillStyle = 'rgba(102, 204, 0, 0.7)';
  context.beginPath();
  context.arc(50, 30, 20, 0, Math.PI * 2);
  context.fill();
  return context.canvas.toDataURL();
}

function graphicsTrait(): string | null {
  const gl = document.createElement('canvas').getContext('webgl');
  if (!gl) return null;
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const vendor = debug ? gl.getParameter(debug.UNMASKED_VENDOR_WEBGL) : gl.getParameter(gl.VENDOR);
  const renderer = debug ? gl.getParameter(debug.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  return [vendor, renderer, gl.getParameter(gl.VERSION), gl.getParameter(gl.SHADING_LANGUAGE_VERSION)].join('|');
}

function fontsTrait(): string | null {
  const context = canvas2d(10, 10);
  if (!context) return null;
  const widthIn = (family: string) => {
    context.font = `72px ${family}`;
    return context.measureText(PROBE_TEXT).width;
  };
  const base = BASE_FONTS.map((family) => widthIn(family));
  return PROBED_FONTS.filter((font) =>
    BASE_FONTS.some((fallback, index) => widthIn(`'${font}', ${fallback}`) !== base[index]),
  ).join(',');
}

/** Resolves with the value, or with `fallback` once `ms` have passed. */
export function withTimeout<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}

/** The audio stack's rendering of a compressed triangle wave: it differs between audio implementations. */
export async function audioTrait(timeoutMs: number = SPEC.fingerprintAudioTimeoutMs): Promise<string> {
  const Context =
    globalThis.OfflineAudioContext ??
    (globalThis as { webkitOfflineAudioContext?: typeof OfflineAudioContext }).webkitOfflineAudioContext;
  if (!Context) return 'unsupported';
  try {
    const context = new Context(1, 5000, 44100);
    const oscillator = context.createOscillator();
    oscillator.type = 'triangle';
    oscillator.frequency.value = 10000;
    const compressor = context.createDynamicsCompressor();
    compressor.threshold.value = -50;
    compressor.knee.value = 40;
    compressor.ratio.value = 12;
    compressor.attack.value = 0;
    compressor.release.value = 0.25;
    oscillator.connect(compressor);
    compressor.connect(context.destination);
    oscillator.start(0);
    const rendering = context.startRendering().then((buffer) => {
      const samples = buffer.getChannelData(0);
      let sum = 0;
      for (let index = 4500; index < samples.length; index += 1) sum += Math.abs(samples[index]!);
      return sum.toString();
    });
    return await withTimeout(rendering, timeoutMs, 'timeout');
  } catch {
    return 'error';
  }
}

/**
 * SPEC.md §7.10: the browser traits a fingerprint is made of (user agent, language, screen, time zone, canvas,
 * graphics, fonts, audio and others), in a fixed order.
 */
export async function collectBrowserTraits(): Promise<Trait[]> {
  const nav = globalThis.navigator;
  const traits: Trait[] = [
    safely('userAgent', () => nav.userAgent),
    safely('language', () => nav.language),
    safely('languages', () => nav.languages?.join(',')),
    safely('platform', () => nav.platform),
    safely('hardwareConcurrency', () => String(nav.hardwareConcurrency ?? '')),
    safely('deviceMemory', () => {
      const memory = (nav as { deviceMemory?: number }).deviceMemory;
      return memory === undefined ? null : String(memory);
    }),
    safely('maxTouchPoints', () => String(nav.maxTouchPoints ?? 0)),
    safely('cookieEnabled', () => String(nav.cookieEnabled)),
    safely('screen', () => {
      const { width, height, availWidth, availHeight, colorDepth } = globalThis.screen;
      return `${width}x${height}/${availWidth}x${availHeight}/${colorDepth}/${globalThis.devicePixelRatio ?? 1}`;
    }),
    safely('timeZone', () => Intl.DateTimeFormat().resolvedOptions().timeZone),
    safely('timezoneOffset', () => String(new Date().getTimezoneOffset())),
    safely('canvas', canvasTrait),
    safely('graphics', graphicsTrait),
    safely('fonts', fontsTrait),
  ];
  traits.push(['audio', await audioTrait()]);
  return traits;
}
