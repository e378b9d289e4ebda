import type { Point } from './raster';

/** The demo brand's colours; site settings, the SVG artwork and the PNG icons all use these. */
export const BRAND = {
  night: '#0b0718',
  ink: '#140c2b',
  plum: '#1e1045',
  violet: '#7c3aed',
  violetDeep: '#3b0764',
  tile: '#5b21b6',
  gold: '#fbbf24',
  goldLight: '#fde68a',
  goldDeep: '#f59e0b',
  ruby: '#e11d48',
  emerald: '#10b981',
  sky: '#38bdf8',
  paper: '#f8f5ff',
} as const;

/**
 * The Playhouse mark in a unit square: a house whose door is a play button. Corners are rounded by growing the
 * polygons (an SVG stroke with round joins of twice the radius draws exactly the same outline).
 */
export const MARK = {
  house: [
    [0.5, 0.16],
    [0.86, 0.47],
    [0.78, 0.47],
    [0.78, 0.84],
    [0.22, 0.84],
    [0.22, 0.47],
    [0.14, 0.47],
  ] as const satisfies readonly Point[],
  houseRound: 0.03,
  play: [
    [0.43, 0.53],
    [0.43, 0.75],
    [0.63, 0.64],
  ] as const satisfies readonly Point[],
  playRound: 0.02,
};
