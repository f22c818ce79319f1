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

/** What a client may send for `schema` (its input side), as JSON Schema. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
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
    rows: z
      .array(z.object({ row: z.number().int(), reason: z.string() }))
      .optional()
      .describe(
        "422 INVALID_IMPORT only: every refused row of the imported file (CSV: the record, the header being row 1; JSON: the array item, from 1) and why; at most 1 000.",
      ),
    requestId: z
      .string()
      .optional()
      .describe(
        "5xx only: the request's id, as in the X-Request-Id answer header (which every answer carries) and on the server's log lines of the request.",
      ),
  }),
}) satisfies z.ZodType<ApiErrorBody>;
