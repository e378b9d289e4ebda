/** Home and banner slide artwork sizes, one per breakpoint the web picks from. */
export const SLIDE_SIZES = {
  mobile: { width: 600, height: 400 },
  tablet: { width: 1024, height: 400 },
  desktop: { width: 1920, height: 500 },
} as const;
export type SlideSize = keyof typeof SLIDE_SIZES;
