const DAY_MS = 24 * 60 * 60 * 1000;

/** A bare day as a lower bound is its first instant (UTC); as an upper bound the whole day is included. */
export function boundOf(value: string | undefined, edge: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return edge === 'from' ? start : new Date(start.getTime() + DAY_MS);
  }
  return new Date(value);
}
