/**
 * Values a JSON Schema allows, at its edges: `low` (shortest strings, smallest numbers, fewest items, required
 * properties only), `high` (longest strings, largest numbers, every property) and `zero` (as low, with 0 for every
 * number whose range and `not` allow it). The contract test sends them: a
 * value built only from the document must never be refused for a reason the document could have stated.
 */
export type JsonSchema = Record<string, unknown>;
export type Edge = "low" | "high" | "zero";

const isSchema = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);
const schemas = (v: unknown): JsonSchema[] => (Array.isArray(v) ? v.filter(isSchema) : []);
const num = (v: unknown) => (typeof v === "number" ? v : undefined);

/** A string of exactly `length` characters in `format` (or plain letters). */
function stringOf(schema: JsonSchema, edge: Edge): string {
  const min = num(schema.minLength) ?? 0;
  const max = num(schema.maxLength) ?? Math.max(min, 40);
  const length = edge === "high" ? max : min;
  switch (schema.format) {
    case "email": {
      // The shortest address is a@b.co; a long one pads the local part (at most 64 characters).
      const domain = "@example.test";
      const local = Math.min(64, Math.max(1, length - domain.length));
      return `${"a".repeat(local)}${domain}`;
    }
    case "uuid":
      return "3f2c7a52-5d0e-4b8e-9a4c-2f1d3b6e7c90";
    case "date-time":
      // In the future: the one date-time a request gives (a ban's end) must be.
      return "2100-01-01T00:00:00.000Z";
    case "date":
      return "2026-11-27";
    case "uri":
    case "url":
      return "https://example.test/x";
  }
  if (typeof schema.pattern === "string") {
    // Patterns in this API are character classes with a length; letters and digits satisfy the ones used.
    const base = "Ab3".repeat(Math.ceil(Math.max(length, 1) / 3)).slice(0, Math.max(length, 1));
    if (new RegExp(schema.pattern).test(base)) return base;
    const digits = "1".repeat(Math.max(length, 1));
    if (new RegExp(schema.pattern).test(digits)) return digits;
  }
  // Words, so a text under the words rule (visible letters) is satisfied too.
  return "Word "
    .repeat(Math.ceil(length / 5))
    .slice(0, length)
    .replace(/ $/, "x");
}

function numberOf(schema: JsonSchema, edge: Edge, integer: boolean): number {
  const step = integer ? 1 : 0.01;
  const low = num(schema.minimum) ?? (num(schema.exclusiveMinimum) ?? -Infinity) + step;
  const high = num(schema.maximum) ?? (num(schema.exclusiveMaximum) ?? Infinity) - step;
  const notZero = isSchema(schema.not) && schema.not.const === 0;
  if (edge === "zero" && low <= 0 && high >= 0 && !notZero) return 0;
  // Without a stated bound, 0 is as valid as any number — and what a schema without a minimum must accept.
  if (edge !== "high") return Number.isFinite(low) ? low : Math.min(0, high);
  return Number.isFinite(high) ? high : Math.max(1, low);
}

export function example(schema: JsonSchema, edge: Edge, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  // A value the document gives as an example (an opaque cursor's shape): the first, or the last at `high`.
  if (Array.isArray(schema.examples) && schema.examples.length)
    return edge === "high" ? schema.examples[schema.examples.length - 1] : schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length)
    return edge === "high" ? schema.enum[schema.enum.length - 1] : schema.enum[0];
  const variants = schemas(schema.anyOf ?? schema.oneOf).filter((s) => s.type !== "null");
  if (variants.length)
    return example(edge === "high" ? variants[variants.length - 1]! : variants[0]!, edge, depth);
  const parts = schemas(schema.allOf);
  if (parts.length) return Object.assign({}, ...parts.map((p) => example(p, edge, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return stringOf(schema, edge);
    case "integer":
      return numberOf(schema, edge, true);
    case "number":
      return numberOf(schema, edge, false);
    case "boolean":
      return edge === "high";
    case "null":
      return null;
    case "array": {
      const count = edge === "high" ? Math.min(num(schema.maxItems) ?? 2, 3) : (num(schema.minItems) ?? 0);
      return depth > 4
        ? []
        : Array.from({ length: count }, () =>
            example(isSchema(schema.items) ? schema.items : {}, edge, depth + 1),
          );
    }
    case "object": {
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(isSchema(schema.properties) ? schema.properties : {}))
        if ((edge === "high" || required.has(key)) && isSchema(property))
          out[key] = example(property, edge, depth + 1);
      return out;
    }
    default:
      return "x";
  }
}
