import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { runBeforeCommit } from "../db/transaction-scope";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("the profile is written in the sign-up's transaction", () => {
  it("a failing profile insert rolls the whole sign-up back and sends no mail", async () => {
    // Make every profile insert fail, as a broken database or a bug would.
    await sql`alter table user_profiles add constraint test_no_profiles check (points < 0) not valid`.execute(
      ctx.db,
    );
    try {
      const email = uniqueEmail("rollback");
      const res = await ctx.signUp(email, "secret1");
      expect(res.status).toBe(500);
      expect((await res.json()).error.code).toBe("INTERNAL");
      expect(await ctx.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual([]);
      expect(await ctx.db.selectFrom("account").select("id").execute()).toEqual([]);
      expect(await ctx.mailTo(email)).toEqual([]);
    } finally {
      await sql`alter table user_profiles drop constraint test_no_profiles`.execute(ctx.db);
    }
  });

  it("every user made by sign-up has exactly one profile", async () => {
    for (let i = 0; i < 3; i++) await ctx.signUp(uniqueEmail("count"), "secret1");
    const orphans = await ctx.db
      .selectFrom("user")
      .leftJoin("user_profiles", "user_profiles.id", "user.id")
      .select("user.id")
      .where("user_profiles.id", "is", null)
      .execute();
    expect(orphans).toEqual([]);
  });
});

describe("runBeforeCommit", () => {
  it("runs queued work inside the transaction, after its body and before COMMIT", async () => {
    const order: string[] = [];
    await ctx.db.transaction().execute(async (trx) => {
      expect(
        runBeforeCommit(async (inner) => {
          order.push("task");
          expect(inner).toBe(trx);
        }),
      ).toBe(true);
      order.push("body");
    });
    expect(order).toEqual(["body", "task"]);
  });

  it("rolls everything back when queued work fails", async () => {
    const email = uniqueEmail("scope");
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("user")
          .values({ id: "scope-user", name: "", email, emailVerified: false })
          .execute();
        runBeforeCommit(async () => {
          throw new Error("boom");
        });
      }),
    ).rejects.toThrow("boom");
    expect(await ctx.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("refuses (returns false) outside a transaction", () => {
    expect(runBeforeCommit(async () => {})).toBe(false);
  });
});
