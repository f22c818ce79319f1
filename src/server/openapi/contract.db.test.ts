import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAdmin } from "#tests/support/admin";
import type { ApiRequest, TestUser } from "#tests/support/factories";
import { type Edge, example, type JsonSchema } from "#tests/support/schema-examples";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { errorCatalog } from "~/core/error-codes";
import type { OpenApiDocument, OpenApiOperation } from "./build-document";

/**
 * The API document tells the truth (docs/product.md "The API"): a request built only from an operation's documented
 * schemas — at the low and the high edge of every limit, and with 0 wherever a number may be 0 — is never refused for a reason the schema could have
 * stated (a format, a length, a range), and every answer the server gives is documented for that operation, as
 * its status and its code.
 */
let ctx: TestContext;
let doc: OpenApiDocument;
beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT: "10000",
    MAIL_RATE_LIMIT: "10000",
    ADMIN_RATE_LIMIT: "10000",
  });
  doc = await (await ctx.request("/api/openapi.json")).json();
});
afterAll(async () => ctx?.close());

/** Codes that say "the request's shape was wrong": a schema could always have stated the rule. */
const SHAPE_CODES = new Set([
  "VALIDATION_FAILED",
  "INVALID_JSON",
  "MISSING_CREDENTIALS",
  "INVALID_TEXT",
  "INVISIBLE_TEXT",
  "UNREADABLE_TEXT",
  "BAD_REQUEST",
  "INVALID_EMAIL",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
]);

interface Operation {
  key: string;
  method: string;
  path: string;
  op: OpenApiOperation;
}
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method,
      path,
      op,
    })),
  );

const jsonBodyOf = (op: OpenApiOperation) =>
  op.requestBody?.content["application/json"]?.schema as JsonSchema | undefined;

/** The request an operation's document describes, at `edge`, with `strings` replacing every string of the body. */
function requestOf({ method, path, op }: Operation, edge: Edge, cookie: string, text?: string) {
  let url = path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const value = example(p.schema as JsonSchema, edge);
    if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === "query" && (p.required || edge === "high")) query.set(p.name, String(value));
  }
  const schema = jsonBodyOf(op);
  let json = schema ? example(schema, edge) : undefined;
  if (text !== undefined && json && typeof json === "object")
    json = Object.fromEntries(Object.entries(json).map(([k, v]) => [k, typeof v === "string" ? text : v]));
  const init: ApiRequest = { method: method.toUpperCase(), cookie, ...(json === undefined ? {} : { json }) };
  return { url: query.size ? `${url}?${query}` : url, init, json };
}

/** A fresh administrator (a session of its own: some operations end it). */
async function freshAdmin(): Promise<TestUser> {
  const user = await ctx.createVerifiedUser();
  await makeAdmin(ctx.db, user.id);
  return user;
}

/** Whether `status` and `code` are documented for `op`. */
function documented(op: OpenApiOperation, status: number, code: string): boolean {
  if (status < 400) return Object.keys(op.responses).some((s) => s.startsWith(String(status)[0]!));
  const own = op.responses[String(status)];
  if (own?.description.includes(`${code} — `)) return true;
  // better-auth's own codes (not in our catalogue) are documented by the auth operations' 4XX answer.
  return Boolean(op.responses["4XX"]) && !(code in errorCatalog);
}

async function answerOf(res: Response): Promise<string> {
  const body = await res.json().catch(() => null);
  return typeof body?.error?.code === "string" ? body.error.code : "";
}

describe("the OpenAPI document", () => {
  it("every request built from an operation's schemas passes its checks of shape, and its answer is documented", async () => {
    const refused: string[] = [];
    const undocumented: string[] = [];
    const reader = await freshAdmin();
    for (const operation of operations()) {
      // Uploads are multipart with a file: their fields are checked in the KYC tests.
      if (operation.op.requestBody?.content["multipart/form-data"]) continue;
      for (const edge of ["low", "high", "zero"] as const) {
        // A change may end its session (sign-out, a password change, a deletion): each gets an account of its own.
        const admin = operation.method === "get" ? reader : await freshAdmin();
        const { url, init, json } = requestOf(operation, edge, admin.cookie);
        const res = await ctx.request(url, init);
        const code = res.status >= 400 ? await answerOf(res) : "";
        const what = `${operation.key} (${edge}: ${JSON.stringify(json ?? null).slice(0, 160)}) → ${res.status} ${code}`;
        if ((res.status === 400 || res.status === 422) && SHAPE_CODES.has(code)) refused.push(what);
        if (res.status >= 500 || !documented(operation.op, res.status, code)) undocumented.push(what);
      }
    }
    expect(refused).toEqual([]);
    expect(undocumented).toEqual([]);
  }, 600_000);

  it("a NUL byte in any text is refused with a documented answer", async () => {
    const undocumented: string[] = [];
    const admin = await freshAdmin();
    for (const operation of operations()) {
      if (!jsonBodyOf(operation.op) || operation.op.requestBody?.content["multipart/form-data"]) continue;
      const { url, init } = requestOf(operation, "low", admin.cookie, "a\u0000b");
      const res = await ctx.request(url, init);
      const code = res.status >= 400 ? await answerOf(res) : "";
      if (res.status >= 500 || !documented(operation.op, res.status, code))
        undocumented.push(`${operation.key} → ${res.status} ${code}`);
    }
    expect(undocumented).toEqual([]);
  });
});
