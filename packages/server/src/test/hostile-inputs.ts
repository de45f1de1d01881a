import fc from 'fast-check';

/**
 * Values a client can put in any field, for the fuzz test: a fixed list of the classes a probe
 * tries (empty, huge, NUL, wrong types, arrays for scalars, nested objects, numbers out of range,
 * odd unicode, injection-looking text) and a few fast-check samples with a fixed seed.
 */

/** A value as the query string or a form body carries it: text, or a repeated key. */
export type TextValue = string | readonly string[];

const HUGE = 'x'.repeat(100_000);
const PAIR = ['a', 'b'] as const;

/** For the query string and form bodies (everything is text there). */
export const HOSTILE_TEXT: readonly TextValue[] = [
  '',
  HUGE,
  '\u0000',
  'a\u0000b',
  '%00',
  '-1',
  '1e308',
  '99999999999999999999999',
  'NaN',
  '[]',
  '{"a":{"b":{"c":[1,{"d":null}]}}}',
  '\uD800',
  '\u202E\uFEFF\u200B𝕏☃é',
  "' OR 1=1 --",
  '%_\\',
  PAIR,
  ['\u0000', HUGE],
];

let deep: unknown = 'bottom';
for (let i = 0; i < 200; i++) deep = { a: deep };

/** For JSON bodies: the wrong types JSON can carry, and the worst of the text values. */
export const HOSTILE_JSON: readonly unknown[] = [
  '\u0000',
  HUGE,
  '\uD800',
  PAIR,
  null,
  true,
  -1,
  1.5,
  1e308,
  2 ** 53 + 2,
  [],
  Array.from({ length: 1000 }, (_, i) => i),
  {},
  { a: 'b' },
  deep,
];

/** fast-check samples (any code point, any JSON value) for one call, reproducible by seed. */
export function sampledValues(seed: number, count: number): unknown[] {
  return fc.sample(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.jsonValue({ maxDepth: 4 }),
      fc.integer(),
      fc.double(),
    ),
    { seed, numRuns: count },
  );
}

/** A JSON value as form/query text (what the console would send for it). */
export function asText(value: unknown): TextValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  return JSON.stringify(value) ?? '';
}
