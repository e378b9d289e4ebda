/**
 * Whether two JSON-like values say the same: the same primitives, arrays of equal items in order, objects with equal
 * values under the same keys in any order (a key holding undefined counts as absent, as JSON drops it).
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keysOf = (value: Record<string, unknown>) => Object.keys(value).filter((key) => value[key] !== undefined);
  const keys = keysOf(left);
  if (keys.length !== keysOf(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}
