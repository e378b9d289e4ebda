/** `q` as an ILIKE pattern matching it anywhere, taken literally: %, _ and \ match themselves. */
export function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, '\\$&')}%`;
}
