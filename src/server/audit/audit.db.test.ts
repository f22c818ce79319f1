import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "../../../tests/support/db-users";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { recordAudit } from "./audit.service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("audit log", () => {
  it("stores what recordAudit is given, committed with the transaction it runs in", async () => {
    const user = await insertUserRow(ctx.db);
    const entry = {
      actorId: null,
      action: "test.record",
      targetType: "user",
      targetId: user.id,
      before: { role: "user" },
      after: { role: "admin" },
      reason: "because",
      requestId: "req-1",
    };
    const id = await ctx.db.transaction().execute((trx) => recordAudit(trx, entry));
    const row = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // Each field in its column: actorId → actor_id, …
    const columns = Object.entries(entry).map(([key, value]) => [
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    ]);
    expect(Object.keys(row)).toEqual(expect.arrayContaining(columns.map(([column]) => column)));
    expect(row).toMatchObject(Object.fromEntries(columns));
  });

  it("writes nothing when the change it records rolls back", async () => {
    const user = await insertUserRow(ctx.db);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          actorId: null,
          action: "test.rollback",
          targetType: "user",
          targetId: user.id,
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await ctx.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "test.rollback")
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses UPDATE, DELETE and TRUNCATE: the table is append-only", async () => {
    const user = await insertUserRow(ctx.db);
    await ctx.db
      .transaction()
      .execute((trx) =>
        recordAudit(trx, { actorId: null, action: "test.keep", targetType: "user", targetId: user.id }),
      );
    await expect(sql`update audit_log set reason = 'rewritten'`.execute(ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(ctx.db)).rejects.toThrow(/append-only/);
    const rows = await ctx.db
      .selectFrom("audit_log")
      .select("reason")
      .where("action", "=", "test.keep")
      .execute();
    expect(rows).toEqual([{ reason: null }]);
  });
});
