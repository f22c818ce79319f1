import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "../../../tests/support/db-users";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { ADMIN_USAGE, CLI_REASON, runAdminCommand } from "./admin-commands";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("npm run admin", () => {
  it("grants, lists and revokes by address (any case), each change in the audit log", async () => {
    expect(await runAdminCommand(ctx.db, ["list"])).toEqual([
      "No administrators yet. Grant one with: npm run admin -- grant <email>",
    ]);
    const user = await insertUserRow(ctx.db, { email: "ops-cli@example.test" });
    expect(await runAdminCommand(ctx.db, ["grant", "OPS-CLI@example.test"])).toEqual([
      "ops-cli@example.test is now an administrator (takes effect on their next request).",
    ]);
    expect(await runAdminCommand(ctx.db, ["grant", "ops-cli@example.test"])).toEqual([
      "ops-cli@example.test already is an administrator.",
    ]);
    expect(await runAdminCommand(ctx.db, ["list"])).toEqual([`ops-cli@example.test  (id ${user.id})`]);
    expect(await runAdminCommand(ctx.db, ["revoke", "ops-cli@example.test"])).toEqual([
      "ops-cli@example.test is no longer an administrator.",
    ]);
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "actor_id", "reason"])
      .where("target_id", "=", user.id)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "role.grant", actor_id: null, reason: CLI_REASON },
      { action: "role.revoke", actor_id: null, reason: CLI_REASON },
    ]);
  });

  it("explains a bad command or an unknown address", async () => {
    await expect(runAdminCommand(ctx.db, [])).rejects.toThrow(ADMIN_USAGE);
    await expect(runAdminCommand(ctx.db, ["promote", "a@b.test"])).rejects.toThrow(ADMIN_USAGE);
    await expect(runAdminCommand(ctx.db, ["grant"])).rejects.toThrow(ADMIN_USAGE);
    await expect(runAdminCommand(ctx.db, ["grant", "nobody@example.test"])).rejects.toThrow(
      "No account with the address nobody@example.test. The user must sign up first.",
    );
  });
});
