import fc from 'fast-check';
import type { z } from 'zod';

/*
 * fast-check arbitraries from a route's own zod schemas (zod 4's public `_zod.def`): mostly values the schema is
 * shaped for (its keys, its enums, its formats, lengths and bounds, and one step past each bound), mixed with hostile
 * values at every level, so a request gets past the outer checks and reaches the field rules and the handler.
 */

/** Values that have broken parsers, SQL, number handling or prototypes somewhere. */
const HOSTILE: unknown[] = [
  '',
  ' ',
  '0',
  '-1',
  '-0.01',
  '0.001',
  '1e309',
  '0x10',
  'NaN',
  'Infinity',
  '99999999999999999999.99',
  '9'.repeat(40),
  "' or 1=1 --",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '\u202e',
  '𝕏'.repeat(12),
  'a'.repeat(5000),
  null,
  true,
  false,
  0,
  -0,
  -1,
  0.5,
  2 ** 53,
  -(2 ** 53),
  1e308,
  [],
  {},
  [null],
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
];

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 3 }) },
);

type Def = { type: string } & Record<string, unknown>;
type CheckDef = { check: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);

/** Printable ASCII, the alphabet of the strings built for a pattern with length bounds. */
const PRINTABLE = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));

/**
 * Strings for a pattern. A pattern of repeated characters with a length bound (a 43-character token) is built from
 * the characters that pattern takes, at those lengths; other patterns come from fast-check's stringMatching.
 */
function patterned(pattern: RegExp, min: number, max: number): fc.Arbitrary<string> {
  if (min > 0 || max < 40) {
    const length = Math.max(min, 1);
    const alphabet = PRINTABLE.filter((char) => pattern.test(char.repeat(length)));
    if (alphabet.length > 0) {
      return fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: Math.min(max, min + 40) });
    }
  }
  try {
    return fc.stringMatching(pattern);
  } catch {
    // fast-check cannot generate from every regex (lookaheads): plain strings within the bounds then.
    return fc.string({ minLength: min, maxLength: Math.min(max, min + 40) });
  }
}

function stringArbitrary(def: Def, hostileParts: boolean): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max = 40;
  let pattern = def.pattern instanceof RegExp ? def.pattern : undefined;
  for (const check of checks) {
    if (check.check === 'min_length') min = Number(check.minimum);
    if (check.check === 'max_length') max = Number(check.maximum);
    if (check.check === 'length_equals') min = max = Number(check.length);
    if (check.check === 'string_format' && check.pattern instanceof RegExp) pattern = check.pattern;
  }
  let formatted: fc.Arbitrary<string> | undefined;
  if (def.format === 'email') formatted = fc.emailAddress();
  else if (def.format === 'uuid' || def.format === 'guid') formatted = fc.uuid();
  else if (def.format === 'url') formatted = fc.webUrl();
  else if (pattern) formatted = patterned(pattern, min, max);
  const plain = fc.string({ minLength: min, maxLength: Math.min(max, min + 40) });
  // Shaped: what the schema admits (a pattern or format is not cut to the length bounds: the api judges those).
  if (!hostileParts) return formatted ?? plain;
  const options: fc.Arbitrary<string>[] = [plain];
  if (formatted) options.push(formatted);
  // The bounds and one step past them.
  if (max <= 2000) options.push(fc.string({ minLength: max, maxLength: max + 1 }));
  if (min > 0) options.push(fc.string({ minLength: min - 1, maxLength: min - 1 }));
  return fc.oneof(...options);
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = Number(check.value) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') max = Number(check.value) - (check.inclusive ? 0 : 1);
    if (check.check === 'number_format' && String(check.format).includes('int')) integer = true;
  }
  const low = Math.max(min, -1e12);
  const high = Math.min(max, 1e12);
  return fc.oneof(
    integer || high - low < 1
      ? fc.integer({ min: Math.ceil(low), max: Math.floor(Math.max(low, high)) })
      : fc.double({ min: low, max: Math.max(low, high), noNaN: true }),
    fc.constantFrom(min - 1, min, max, max + 1, 0, -1, 0.5),
  );
}

/** Real values for fields of a given name (a live session id, a player's id), so requests get past "not found". */
export type KnownValues = Record<string, fc.Arbitrary<unknown>>;

export interface ArbitraryOptions {
  /** Real values by field name, chosen three times in four. */
  known?: KnownValues;
  /** Put a hostile value in place of any part now and then (off: values only the schema's shape). */
  hostileParts?: boolean;
}

/** Values shaped by the schema, with a hostile value in place of any part now and then. */
export function arbitraryOf(schema: unknown, depth = 0, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const shaped = shapedBy(schema, depth, options);
  return depth > 4 || !options.hostileParts
    ? shaped
    : fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostile });
}

function shapedBy(schema: unknown, depth: number, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const known = options.known ?? {};
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, options.hostileParts ?? false);
    case 'number':
      return numberArbitrary(def);
    case 'bigint':
      return fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
      return fc.option(arbitraryOf(def.innerType, depth + 1, options), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType, depth + 1, options), { nil: null, freq: 3 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return arbitraryOf(def.innerType, depth + 1, options);
    case 'pipe':
      return arbitraryOf(def.in, depth + 1, options);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => arbitraryOf(option, depth + 1, options)));
    case 'intersection':
      return fc
        .tuple(arbitraryOf(def.left, depth + 1, options), arbitraryOf(def.right, depth + 1, options))
        .map(([left, right]) =>
          left && right && typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left,
        );
    case 'array': {
      let maxLength = 4;
      for (const check of checksOf(def)) if (check.check === 'max_length') maxLength = Number(check.maximum) + 1;
      return fc.array(arbitraryOf(def.element, depth + 1, options), { maxLength: Math.min(maxLength, 6) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => arbitraryOf(item, depth + 1, options)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), arbitraryOf(def.valueType, depth + 1, options), {
        maxKeys: 4,
      });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const model = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [
          key,
          known[key]
            ? fc.oneof(
                { weight: 3, arbitrary: known[key] },
                { weight: 1, arbitrary: arbitraryOf(value, depth + 1, options) },
              )
            : arbitraryOf(value, depth + 1, options),
        ]),
      );
      // With hostile parts any key may be missing, and now and then one the schema does not know rides along.
      if (!options.hostileParts) return fc.record(model);
      return fc
        .tuple(
          fc.record(model, { requiredKeys: [] }),
          fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'id', 'userId', 'role', 'x'), hostile)),
        )
        .map(([value, extra]) => {
          const object: Record<string, unknown> = { ...value };
          if (extra) Object.defineProperty(object, extra[0], { value: extra[1], enumerable: true });
          return object;
        });
    }
    default:
      return fc.anything({ maxDepth: 2, maxKeys: 3 });
  }
}

/** The keys of an object schema (through wrappers), for building URLs and query strings. */
export function objectShape(schema: unknown): Record<string, unknown> | null {
  if (!schema) return null;
  let def = defOf(schema);
  while (['optional', 'default', 'pipe', 'nullable'].includes(def.type)) {
    def = defOf(def.type === 'pipe' ? def.in : def.innerType);
  }
  return def.type === 'object' ? (def.shape as Record<string, unknown>) : null;
}

export type ZodSchema = z.ZodType;
