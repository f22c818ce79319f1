import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { createErrorHandler } from "../http/errors";
import { createRouter } from "../http/router";
import { requireEarner, requireUser } from "./require-user";

let ctx: TestContext;
let probe: ReturnType<typeof createRouter>;
beforeAll(async () => {
  ctx = await createTestContext();
  probe = createRouter()
    .get("/user", requireUser(ctx.deps), (c) => c.json(c.var.user))
    .get("/earn", requireEarner(ctx.deps), (c) => c.json(c.var.user));
  probe.onError(createErrorHandler(ctx.deps.logger));
});
afterAll(async () => {
  await ctx.close();
});

describe("requireUser / requireEarner", () => {
  it("answer 401 without a session", async () => {
    const user = await probe.request("/user");
    expect(user.status).toBe(401);
    expect(await user.json()).toEqual({
      error: { code: "UNAUTHORIZED", message: "You need to be logged in." },
    });
    const earn = await probe.request("/earn", { headers: { cookie: "better-auth.session_token=forged" } });
    expect(earn.status).toBe(401);
    expect(await earn.json()).toEqual({
      error: { code: "LOGIN_REQUIRED", message: "You need to be logged in to earn coins." },
    });
  });

  it("set c.var.user for a signed-in, confirmed user", async () => {
    const user = await ctx.createVerifiedUser();
    for (const path of ["/user", "/earn"]) {
      const res = await probe.request(path, { headers: { cookie: user.cookie } });
      expect(await res.json()).toEqual({ id: user.id, email: user.email, emailVerified: true });
    }
  });

  it("requireEarner refuses a session whose address is not confirmed with 403 EMAIL_NOT_VERIFIED", async () => {
    const user = await ctx.createVerifiedUser();
    await ctx.db.updateTable("user").set({ emailVerified: false }).where("id", "=", user.id).execute();
    const res = await probe.request("/earn", { headers: { cookie: user.cookie } });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("EMAIL_NOT_VERIFIED");
    expect((await probe.request("/user", { headers: { cookie: user.cookie } })).status).toBe(200);
  });
});

describe("GET /api/me", () => {
  it("is 401 JSON for guests", async () => {
    const res = await ctx.request("/api/me");
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("UNAUTHORIZED");
  });
});
