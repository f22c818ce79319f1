import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../tests/support/factories";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { createErrorHandler } from "../http/errors";
import { createRouter } from "../http/router";
import { isFreshSession, requireAdmin, requireFreshSession } from "./require-admin";

let ctx: TestContext;
let probe: ReturnType<typeof createRouter>;
let adminPassword = "";
let adminId = "";
const adminEmail = uniqueEmail("boss");
const lateEmail = uniqueEmail("late");
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAILS: ` ${adminEmail.toUpperCase()} ,${lateEmail}` });
  probe = createRouter()
    .get("/admin", requireAdmin(ctx.deps), (c) => c.json(c.var.user))
    .post("/fresh", requireAdmin(ctx.deps), requireFreshSession(), (c) => c.json({ ok: true }));
  probe.onError(createErrorHandler(ctx.deps.logger));
});
afterAll(async () => {
  await ctx.close();
});

const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("requireAdmin", () => {
  it("answers 401 to guests and 403 ADMIN_ONLY to signed-in users who are not administrators", async () => {
    const guest = await probe.request("/admin");
    expect(guest.status).toBe(401);
    expect(await code(guest)).toBe("UNAUTHORIZED");
    const user = await ctx.createVerifiedUser();
    const res = await probe.request("/admin", { headers: { cookie: user.cookie } });
    expect(res.status).toBe(403);
    expect(await code(res)).toBe("ADMIN_ONLY");
  });

  it("lets an ADMIN_EMAILS account in from sign-up (any case), with its grant in the audit log", async () => {
    const admin = await ctx.createVerifiedUser({ email: adminEmail });
    adminPassword = admin.password;
    adminId = admin.id;
    const res = await probe.request("/admin", { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: admin.id, email: adminEmail });
    const audit = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("target_id", "=", admin.id)
      .execute();
    expect(audit).toMatchObject([{ action: "role.grant", actor_id: null, after: { role: "admin" } }]);
  });

  it("grants ADMIN_EMAILS at sign-in to an account that is not an administrator yet; the role is read afresh", async () => {
    const late = await ctx.createVerifiedUser({ email: lateEmail });
    // As if the account was made before its address was listed (or an administrator revoked it).
    await ctx.db.updateTable("user").set({ role: "user" }).where("id", "=", late.id).execute();
    expect((await probe.request("/admin", { headers: { cookie: late.cookie } })).status).toBe(403);
    const cookie = await ctx.signIn(late.email, late.password);
    expect((await probe.request("/admin", { headers: { cookie } })).status).toBe(200);
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "reason", "before", "after"])
      .where("target_id", "=", late.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["role.grant", "role.grant"]);
    expect(audit[1]).toMatchObject({
      before: { role: "user" },
      after: { role: "admin" },
      reason: "Listed in ADMIN_EMAILS",
    });
  });

  it("refuses a sensitive change with 403 REAUTH_REQUIRED once the session is older than 15 minutes", async () => {
    const admin = await ctx.signIn(adminEmail, adminPassword).then((cookie) => ({ cookie, id: adminId }));
    expect(
      (await probe.request("/fresh", { method: "POST", headers: { cookie: admin.cookie } })).status,
    ).toBe(200);
    await ctx.db
      .updateTable("session")
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where("userId", "=", admin.id)
      .execute();
    const stale = await probe.request("/fresh", { method: "POST", headers: { cookie: admin.cookie } });
    expect(stale.status).toBe(403);
    expect(await code(stale)).toBe("REAUTH_REQUIRED");
    // Signing in again makes a fresh session.
    const again = await ctx.signIn(adminEmail, adminPassword);
    expect((await probe.request("/fresh", { method: "POST", headers: { cookie: again } })).status).toBe(200);
  });
});

describe("isFreshSession", () => {
  it("is true up to 15 minutes after sign-in and false after", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    expect(isFreshSession(new Date("2026-01-01T11:45:00Z"), now)).toBe(true);
    expect(isFreshSession(new Date("2026-01-01T11:44:59Z"), now)).toBe(false);
  });
});
