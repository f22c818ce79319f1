import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("GET /api/health and /api/ready", () => {
  const ready = () => ctx.api().ready.$get();

  it("health answers ok", async () => {
    const res = await ctx.api().health.$get();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("ready answers 200 when the database answers and every migration is applied", async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", redis: "not configured" },
      // Without REDIS_URL the rate limits are counted in each process's memory.
      rateLimitStore: "memory",
    });
  });

  it("ready answers 503 with Retry-After while a migration is missing", async () => {
    const last = await ctx.db
      .selectFrom("kysely_migration" as never)
      .select(sql<string>`name`.as("name"))
      .orderBy(sql`name`, "desc")
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(ctx.db);
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect((await res.json()).checks).toMatchObject({ database: "ok", migrations: "pending" });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(
        ctx.db,
      );
    }
    expect((await ready()).status).toBe(200);
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
