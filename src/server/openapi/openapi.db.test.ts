import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { moveInputSchema } from "~/core/tic-tac-toe/api";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { AUTH_BASE_PATH } from "../auth/auth";
import { middlewareDoc } from "../http/route-docs";
import { authEndpoints } from "./auth-endpoints";
import type { OpenApiDocument, OpenApiOperation } from "./build-document";
import { toOpenApiPath } from "./collect-routes";
import { operationNotes } from "./operation-notes";

let ctx: TestContext;
let doc: OpenApiDocument;
let operations: { key: string; method: string; path: string; op: OpenApiOperation }[];
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.request("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  doc = await res.json();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      op,
    })),
  );
});
afterAll(async () => {
  await ctx.close();
});

/** The app's own routes under /api, as `METHOD /openapi/path` (middleware and the auth hand-over left out). */
const apiRoutes = () =>
  ctx.app.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL" && !r.path.includes("*"));

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document with info, servers and the error envelope", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(doc.servers[0]?.url).toBe(ctx.env.appUrl);
    expect(doc.components.schemas.ApiErrorBody).toMatchObject({
      type: "object",
      required: ["error"],
      properties: { error: { required: ["code", "message"] } },
    });
    expect(operations.length).toBeGreaterThan(30);
  });

  it("lists every route of the app", () => {
    for (const route of apiRoutes()) {
      const path = toOpenApiPath(route.path);
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
  });

  it("lists every better-auth endpoint reachable through /api/auth/*", () => {
    const forwarded = ctx.app.routes
      .filter((r) => r.path === `${AUTH_BASE_PATH}/*` && r.method !== "ALL")
      .map((r) => r.method);
    expect(forwarded.sort()).toEqual(["GET", "POST"]);
    const endpoints = authEndpoints(ctx.deps.auth);
    expect(endpoints.map((e) => e.path)).toContain("/sign-out");
    for (const endpoint of endpoints) {
      for (const method of endpoint.methods.filter((m) => forwarded.includes(m))) {
        const path = toOpenApiPath(`${AUTH_BASE_PATH}${endpoint.path}`);
        expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
      }
    }
  });

  it("gives every operation that validates a JSON body its request-body schema", () => {
    const withBody = apiRoutes().filter((r) => {
      const registered = middlewareDoc(r.handler);
      return registered?.kind === "validator" && registered.target === "json";
    });
    expect(withBody.length).toBeGreaterThanOrEqual(2);
    for (const route of withBody) {
      const op = doc.paths[toOpenApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op?.requestBody?.content["application/json"]?.schema, route.path).toMatchObject({
        type: "object",
      });
    }
    for (const endpoint of authEndpoints(ctx.deps.auth).filter((e) => e.body && e.methods.includes("POST"))) {
      const op = doc.paths[toOpenApiPath(`${AUTH_BASE_PATH}${endpoint.path}`)]?.post;
      expect(op?.requestBody?.content["application/json"]?.schema, endpoint.path).toBeDefined();
    }
  });

  it("takes the schemas from the validators themselves", () => {
    const move = doc.paths["/api/games/tic-tac-toe/{gameId}/moves"]?.post;
    const { $schema: _, ...expected } = z.toJSONSchema(moveInputSchema, { io: "input" });
    expect(move?.requestBody?.content["application/json"]?.schema).toEqual(expected);
    expect(move?.parameters).toEqual([
      expect.objectContaining({
        name: "gameId",
        in: "path",
        required: true,
        schema: expect.objectContaining({ format: "uuid" }),
      }),
    ]);
    const page = doc.paths["/api/ledger/transactions"]?.get;
    expect(page?.parameters.map((p) => p.name)).toEqual(["limit", "before"]);
    expect(page?.["x-session"]).toBe("user");
    const signUp =
      doc.paths["/api/auth/sign-up/email"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys((signUp?.properties ?? {}) as object).sort()).toEqual([
      "email",
      "password",
      "referralCode",
    ]);
  });

  it("describes guards, errors and parameters consistently", () => {
    const ids = new Set<string>();
    for (const { key, path, op } of operations) {
      expect(ids.has(op.operationId), `${key} operationId`).toBe(false);
      ids.add(op.operationId);
      expect(op.summary, key).toBeTruthy();
      expect(op.tags.length, key).toBe(1);
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^[23]\d\d$/.test(s)),
        `${key} success`,
      ).toBe(true);
      expect(statuses, key).toContain("500");
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${key} ${status}`).toBeTruthy();
        if (/^[45]/.test(status)) {
          expect(response.content?.["application/json"].schema, `${key} ${status}`).toEqual({
            $ref: "#/components/schemas/ApiErrorBody",
          });
        }
      }
      const declared = op.parameters.filter((p) => p.in === "path").map((p) => p.name);
      expect(declared.sort(), key).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      if (op["x-session"] === "user")
        expect(statuses, key).toSatisfy((s: string[]) => s.includes("401") || s.includes("4XX"));
      if (op["x-session"] === "earner")
        expect(op.responses["403"]?.description, key).toMatch(/EMAIL_NOT_VERIFIED/);
    }
  });

  it("has no notes for operations that do not exist", () => {
    const keys = new Set(operations.map((o) => o.key));
    expect(Object.keys(operationNotes).filter((k) => !keys.has(k))).toEqual([]);
  });
});

describe("GET /api/docs", () => {
  it("is a readable, script-free page of every operation with an external stylesheet", async () => {
    const res = await ctx.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/<script|\son\w+=|style=|<style/i);
    expect(html).toContain('<link rel="stylesheet" href="/api/docs.css">');
    expect(html).toContain('<html lang="en">');
    for (const { path, op } of operations) {
      expect(html).toContain(`id="${op.operationId}"`);
      expect(html).toContain(`<code>${path}</code>`);
    }
    const css = await ctx.request("/api/docs.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/text\/css/);
  });
});
