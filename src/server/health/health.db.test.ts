import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("GET /api/health", () => {
  it("answers ok after a database round trip", async () => {
    const res = await ctx.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("reports an unknown API path as a JSON 404", async () => {
    for (const p of ["/api/nope", "/api", "/api/health/extra"]) {
      const res = await ctx.app.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
    }
  });

  it("refuses a body over the limit with 413 JSON", async () => {
    const res = await ctx.app.request("/api/health", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ x: "a".repeat(70_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
