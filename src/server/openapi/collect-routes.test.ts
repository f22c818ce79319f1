import { describe, expect, it } from "vitest";
import { z } from "zod";
import { documented } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import { collectRoutes, toOpenApiPath } from "./collect-routes";

const guard = documented(async (_c: unknown, next: () => Promise<void>) => next(), {
  kind: "session",
  guard: "user",
});
const body = z.object({ n: z.number() });

describe("toOpenApiPath", () => {
  it("turns Hono parameters into OpenAPI ones", () => {
    expect(toOpenApiPath("/api/games/:gameId/moves")).toBe("/api/games/{gameId}/moves");
    expect(toOpenApiPath("/a/:id{[0-9]+}/b/:name?")).toBe("/a/{id}/b/{name}");
    expect(toOpenApiPath("/api/health")).toBe("/api/health");
  });
});

describe("collectRoutes", () => {
  it("gives each operation the docs of its handlers and of the .use() middleware before it", () => {
    const sub = createRouter()
      .get("/open", (c) => c.text("ok"))
      .use(guard)
      .post("/:id", params(z.object({ id: z.uuid() })), jsonBody(body), (c) => c.text("ok"));
    const api = createRouter().route("/things", sub);
    const entries = collectRoutes(api.routes, "/api", { basePath: "/api/auth", endpoints: [] });
    expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual([
      "GET /api/things/open",
      "POST /api/things/{id}",
    ]);
    expect(entries[0]!.docs).toEqual([]);
    expect(
      entries[1]!.docs.map((d) =>
        d.kind === "validator" ? d.target : d.kind === "session" ? d.guard : d.kind,
      ),
    ).toEqual(["user", "param", "json"]);
  });

  it("replaces the hand-over to better-auth with its endpoints, for the methods handed over", () => {
    const api = createRouter()
      .post("/auth/sign-in/email", (c) => c.text("ours"))
      .on(["GET", "POST"], "/auth/*", (c) => c.text("better-auth"));
    const endpoint = (path: string, methods: string[]) => ({
      path,
      methods,
      body: undefined,
      query: undefined,
      needsSession: false,
      description: undefined,
    });
    const entries = collectRoutes(api.routes, "/api", {
      basePath: "/api/auth",
      endpoints: [
        endpoint("/sign-in/email", ["POST"]),
        endpoint("/get-session", ["GET", "POST"]),
        endpoint("/delete-thing", ["DELETE"]),
      ],
    });
    expect(entries.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      "GET /api/auth/get-session",
      "POST /api/auth/get-session",
      "POST /api/auth/sign-in/email",
    ]);
    expect(entries.find((e) => e.path === "/api/auth/sign-in/email")?.authEndpoint?.path).toBe(
      "/sign-in/email",
    );
  });
});
