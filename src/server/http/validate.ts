import { validator } from "hono/validator";
import type { z } from "zod";
import { INVISIBLE_TEXT_ISSUE, UNREADABLE_TEXT_ISSUE } from "~/core/words";
import { AppError } from "../errors";
import { documented } from "./route-docs";

function toIssues(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join(".") || "(body)", message: i.message }));
}

/** Whether a field was refused by the words rule for `issue` (src/core/words.ts). */
const refusedFor = (error: z.ZodError, issue: string) =>
  error.issues.some(
    (i) => i.code === "custom" && (i.params as { code?: string } | undefined)?.code === issue,
  );

/**
 * `value` parsed by `schema`, or 422 VALIDATION_FAILED with the paths of the fields that failed (400
 * UNREADABLE_TEXT when a text is one no one can read: src/core/words.ts; 400 INVISIBLE_TEXT when a reason or name
 * was made of invisible characters).
 */
function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError(
      refusedFor(parsed.error, UNREADABLE_TEXT_ISSUE)
        ? "UNREADABLE_TEXT"
        : refusedFor(parsed.error, INVISIBLE_TEXT_ISSUE)
          ? "INVISIBLE_TEXT"
          : "VALIDATION_FAILED",
      undefined,
      toIssues(parsed.error),
    );
  return parsed.data as z.output<S>;
}

/**
 * JSON body validated by a zod schema; failures → 422 with the field paths. Each validator registers its
 * schema (route-docs.ts) for the OpenAPI document.
 */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  documented(
    validator("json", (value) => parseOr422(schema, value)),
    { kind: "validator", target: "json", schema },
  );

/**
 * A multipart/form-data (or url-encoded) body validated by a zod schema whose file fields are `z.file()`;
 * failures → 422 with the field paths, a body of another type → 422 for every required field. Documented as
 * multipart/form-data. Mount a body limit before it: the form is read whole.
 */
export const formBody = <S extends z.ZodType>(schema: S) =>
  documented(
    validator("form", (value) => parseOr422(schema, value)),
    { kind: "validator", target: "form", schema },
  );

/** Route params validated by a zod schema; failures → 404 (an id that cannot exist names nothing). */
export const params = <S extends z.ZodType>(schema: S) =>
  documented(
    validator("param", (value) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new AppError("NOT_FOUND");
      return parsed.data as z.output<S>;
    }),
    { kind: "validator", target: "param", schema },
  );

/** Query string validated by a zod schema; failures → 422. */
export const query = <S extends z.ZodType>(schema: S) =>
  documented(
    validator("query", (value) => parseOr422(schema, value)),
    { kind: "validator", target: "query", schema },
  );
