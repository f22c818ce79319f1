/**
 * Values for the API fuzzer (tests/db/fuzz.test.ts): a seeded PRNG, plausible values drawn from the JSON
 * Schemas of the OpenAPI document, and the malformed ones — wrong types, odd and huge strings, bad JSON.
 */

export type JsonSchema = Record<string, unknown>;

export interface Rng {
  next(): number;
  /** 0 ≤ n < max */
  int(max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast and reproducible from one 32-bit seed. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[int(items.length)]!;
    },
  };
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asSchema = (value: unknown): JsonSchema => (isSchema(value) ? value : {});
const asSchemas = (value: unknown): JsonSchema[] => (Array.isArray(value) ? value.map(asSchema) : []);
const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

/** Strings that have broken servers before: control characters, bidi overrides, surrogates, injections. */
export const ODD_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0000@example.test",
  "\u202Egnp.exe",
  "\u200F\u200E\u2066\u2069",
  "😀👩‍👩‍👧‍👦🏳️‍🌈",
  "\uD800",
  "\uDFFF\uD800",
  "\uFEFF",
  "\uFFFF\uFFFE",
  // Characters no font draws (private-use, unassigned, noncharacters) and invisible ones inside a word.
  "\uE000\uF8FF\u{F0000}",
  "\u0378\u0379\u0380",
  "\uFDD0\uFDEF",
  "P12345\u2060678",
  "\u00AD\u200B\u2060",
  "Z̸̡̧̛͚̼a̷̧̛l̵͇̔g̶o̸",
  "مرحبا بالعالم",
  "日本語テキスト",
  "\r\n\t\u000b\f",
  "'; drop table users; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "%00%ff%zz",
  "\u0024{jndi:ldap://x}",
  "{{7*7}}",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "a@b",
  "@",
  "user@example.test ",
  " USER@EXAMPLE.TEST",
  "x".repeat(129),
  "__proto__",
  "constructor",
];

/** Values of the wrong type for almost any field. */
export const WRONG_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  "",
  "x",
  "8",
  [],
  [1, 2, 3],
  [null],
  {},
  { $ne: "" },
  { $gt: 0 },
  [[[]]],
];

/** Bodies sent as raw text with a JSON content type. */
export const BAD_JSON: readonly string[] = [
  "{",
  "}",
  '{"a":}',
  "{'a': 1}",
  '{"a":1,}',
  "[1,2",
  "nul",
  '"unterminated',
  '{"a":1}}',
  '{"a":"\\u00"}',
  "\u0000",
  "NaN",
  "Infinity",
  "\uFEFF{}",
  '{"cell":01}',
  '{"a":1e999999}',
  "<xml/>",
  "a=1&b=2",
  "{}".repeat(1000),
  "[".repeat(20_000),
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${"}".repeat(3000)}`,
  "[]",
  "[{}]",
  "123",
  '"text"',
  "null",
  "true",
  "",
];

export function randomUuid(rng: Rng): string {
  const hex = (n: number) => Array.from({ length: n }, () => "0123456789abcdef"[rng.int(16)]).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[rng.int(4)]}${hex(3)}-${hex(12)}`;
}

/** A string of about `length` UTF-16 units, plain or made of multi-byte characters. */
export function hugeString(rng: Rng, length: number): string {
  const unit = rng.pick(["a", "é", "😀", "\u0000", "日", " "]);
  return unit.repeat(Math.max(1, Math.floor(length / unit.length)));
}

function sampleString(schema: JsonSchema, rng: Rng, known: readonly string[]): string {
  const format = schema.format;
  if (format === "email") return `fuzz-${rng.int(1e9)}@example.test`;
  if (format === "uuid") return known.length && rng.chance(0.5) ? rng.pick(known) : randomUuid(rng);
  if (format === "uri" || format === "url")
    return rng.pick(["https://example.test/x", "/auth", "http://localhost:3000/"]);
  if (format === "date-time") return new Date(1_700_000_000_000 + rng.int(1e10)).toISOString();
  if (known.length && rng.chance(0.2)) return rng.pick(known);
  const min = num(schema.minLength) ?? 0;
  const max = Math.min(num(schema.maxLength) ?? 24, min + 24);
  const length = min + rng.int(Math.max(1, max - min + 1));
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";
  return Array.from({ length }, () => alphabet[rng.int(alphabet.length)]).join("");
}

function sampleNumber(schema: JsonSchema, rng: Rng, integer: boolean): number {
  const min = num(schema.minimum) ?? (num(schema.exclusiveMinimum) ?? -1) + (integer ? 1 : 0.001);
  const max = Math.min(num(schema.maximum) ?? min + 100, min + 1000);
  const value = min + rng.next() * (max - min);
  return integer ? Math.floor(value) : value;
}

/**
 * A plausible value for `schema` — within its types, enums and bounds — so requests get past validation
 * and reach the handlers. `known` are strings seen in earlier answers (ids), reused now and then.
 */
export function sample(schema: JsonSchema, rng: Rng, known: readonly string[] = [], depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return rng.pick(schema.enum);
  const variants = asSchemas(schema.anyOf ?? schema.oneOf);
  if (variants.length) return sample(rng.pick(variants), rng, known, depth + 1);
  const parts = asSchemas(schema.allOf);
  if (parts.length) return Object.assign({}, ...parts.map((p) => asSchema(sample(p, rng, known, depth + 1))));
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case "string":
      return sampleString(schema, rng, known);
    case "integer":
      return sampleNumber(schema, rng, true);
    case "number":
      return sampleNumber(schema, rng, false);
    case "boolean":
      return rng.chance(0.5);
    case "null":
      return null;
    case "array":
      return depth > 3
        ? []
        : Array.from({ length: rng.int(3) }, () => sample(asSchema(schema.items), rng, known, depth + 1));
    case "object": {
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(asSchema(schema.properties))) {
        if (required.has(key) || rng.chance(0.5))
          out[key] = sample(asSchema(property), rng, known, depth + 1);
      }
      return out;
    }
    default:
      return rng.pick<unknown>(["x", 1, true, null]);
  }
}

/** `body` with one kind of damage; returns the damaged value and what was done (for the failure report). */
export function mutate(body: unknown, schema: JsonSchema, rng: Rng): { value: unknown; what: string } {
  const object: Record<string, unknown> = isSchema(body) ? { ...body } : {};
  const keys = [...new Set([...Object.keys(asSchema(schema.properties)), ...Object.keys(object)])];
  const some = () => (keys.length ? rng.pick(keys) : "x");
  switch (rng.int(6)) {
    case 0: {
      for (const key of keys) if (rng.chance(0.5)) object[key] = rng.pick(WRONG_VALUES);
      object[some()] = rng.pick(WRONG_VALUES);
      return { value: object, what: "wrong types" };
    }
    case 1: {
      for (const key of keys) if (rng.chance(0.6)) delete object[key];
      return { value: object, what: "missing fields" };
    }
    case 2: {
      const extra = JSON.parse(
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"role":"admin","emailVerified":true,"userId":"00000000-0000-0000-0000-000000000000","amount":1000000}',
      );
      return {
        value: { ...object, ...extra, [`k${rng.int(1e6)}`]: rng.pick(ODD_STRINGS) },
        what: "extra fields",
      };
    }
    case 3: {
      const length = rng.pick([1_000, 20_000, 65_000, 65_536, 66_000, 120_000]);
      object[some()] = hugeString(rng, length);
      return { value: object, what: `huge string ~${length}` };
    }
    case 4: {
      for (const key of keys) if (rng.chance(0.7)) object[key] = rng.pick(ODD_STRINGS);
      return { value: object, what: "odd strings" };
    }
    default:
      return {
        value: rng.pick<unknown>([[], [object], "text", 42, null, true, [[[[[]]]]]]),
        what: "not an object",
      };
  }
}
