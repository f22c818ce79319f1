import { z } from "zod";
import { type ApiErrorBody, errorCatalog } from "~/core/error-codes";

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
}

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What a client may send for `schema` (its input side), as JSON Schema. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

/** One parameter per property of an object schema (route params or a query string). */
export function parametersOf(schema: z.ZodType, location: Parameter["in"]): Parameter[] {
  const json = jsonSchemaOf(schema);
  const properties = isObject(json.properties) ? json.properties : {};
  const required = Array.isArray(json.required) ? json.required : [];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.includes(name),
    schema: isObject(property) ? property : {},
  }));
}

/** True when a body schema names at least one required property (so the body itself is required). */
export function requiresBody(schema: JsonSchema): boolean {
  if (Array.isArray(schema.required) && schema.required.length > 0) return true;
  return Array.isArray(schema.allOf) && schema.allOf.some((part) => isObject(part) && requiresBody(part));
}

/** The error envelope of every 4xx/5xx answer under /api (ApiErrorBody, src/core/error-codes.ts). */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z
      .string()
      .describe(
        `A code of the catalogue (${Object.keys(errorCatalog).join(", ")}) or, under /api/auth, better-auth's own code (e.g. INVALID_EMAIL_OR_PASSWORD).`,
      ),
    message: z.string().min(1).describe("A sentence that can be shown to the user as is."),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("422 VALIDATION_FAILED only: the fields that failed."),
  }),
}) satisfies z.ZodType<ApiErrorBody>;
