import type { Hono } from "hono";
import { findTargetHandler } from "hono/utils/handler";
import { type HandlerUniqueProperty, uniqueSymbol } from "hono-openapi";

type Validate = (value: unknown) => unknown;

/** A response schema as `responds(...)` stores it: hono-openapi's resolver, which can validate. */
const validatorOf = (schema: unknown): Validate | undefined =>
  typeof schema === "object" &&
  schema !== null &&
  "validate" in schema &&
  typeof schema.validate === "function"
    ? (schema.validate as Validate)
    : undefined;

/**
 * The declared answer schemas of every route of `app`, by `METHOD /openapi/path` and status: each checks a
 * real answer against what the API document promises (tests/db/authorization.test.ts runs them).
 */
export function declaredAnswerSchemas(app: Hono<never>) {
  const byOperation = new Map<string, Map<string, Validate>>();
  for (const route of app.routes) {
    const property = (findTargetHandler(route.handler) as { [uniqueSymbol]?: HandlerUniqueProperty })[
      uniqueSymbol
    ];
    if (!property || !("spec" in property)) continue;
    const key = `${route.method} ${route.path.replace(/\/:(\w+)(\{[^}]*\})?\??/g, "/{$1}")}`;
    for (const [status, response] of Object.entries(property.spec.responses ?? {})) {
      const content = "content" in response ? response.content : undefined;
      const validate = validatorOf(content?.["application/json"]?.schema);
      if (!validate) continue;
      byOperation.set(key, (byOperation.get(key) ?? new Map()).set(status, validate));
    }
  }
  return byOperation;
}

/** The problems of `value` against the schema declared for `key` and `status`, or null when it conforms. */
export async function answerProblems(
  schemas: ReturnType<typeof declaredAnswerSchemas>,
  key: string,
  status: number,
  value: unknown,
): Promise<string | null> {
  const validate = schemas.get(key)?.get(String(status));
  if (!validate) return `no answer schema declared for ${status}`;
  const result = (await validate(value)) as { issues?: readonly { message: string; path?: unknown }[] };
  if (!result.issues?.length) return null;
  return result.issues.map((i) => `${JSON.stringify(i.path ?? [])}: ${i.message}`).join("; ");
}
