/** "/casino/" and "/casino" are one page; the root stays "/". */
export function normalizeRoutePath(routePath: string): string {
  if (routePath.length <= 1) return routePath;
  return routePath.replace(/\/+$/, '') || '/';
}
