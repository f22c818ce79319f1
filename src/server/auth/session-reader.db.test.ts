import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!.split(";")[0]!).split(".")[0]!;
const sessionRow = (cookie: string) =>
  ctx.db.selectFrom("session").selectAll().where("token", "=", tokenOf(cookie)).executeTakeFirst();
const headersOf = (cookie: string) => new Headers({ cookie });

describe("reading the session of a request (auth/session-reader.ts)", () => {
  it("reads a signed-in user, and nobody from a cookie whose signature is not the server's", async () => {
    const user = await ctx.createVerifiedUser();
    expect(await ctx.deps.sessions.user(headersOf(user.cookie))).toEqual({
      id: user.id,
      email: user.email,
      emailVerified: true,
    });
    const [name, value] = user.cookie.split(";")[0]!.split("=") as [string, string];
    const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
    const forged = `${name}=${encodeURIComponent(`${token}.${signature.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`)}`;
    expect(await ctx.deps.sessions.user(headersOf(forged))).toBeNull();
    expect(await ctx.deps.sessions.user(headersOf(`${name}=${token}`))).toBeNull();
    expect(await ctx.deps.sessions.user(new Headers())).toBeNull();
  });

  it("ends a session at once when it is signed out, and refuses a banned user's session", async () => {
    const user = await ctx.createVerifiedUser();
    const out = await ctx.request("/api/auth/sign-out", { method: "POST", cookie: user.cookie });
    expect(out.status).toBe(200);
    expect(await ctx.deps.sessions.user(headersOf(user.cookie))).toBeNull();

    const banned = await ctx.createVerifiedUser();
    await ctx.db.updateTable("user").set({ banned: true }).where("id", "=", banned.id).execute();
    expect(await ctx.deps.sessions.user(headersOf(banned.cookie))).toBeNull();
    await ctx.db
      .updateTable("user")
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where("id", "=", banned.id)
      .execute();
    expect((await ctx.deps.sessions.user(headersOf(banned.cookie)))?.id).toBe(banned.id);
  });

  it("refuses an expired session, and better-auth clears it as before", async () => {
    const user = await ctx.createVerifiedUser();
    await ctx.db
      .updateTable("session")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("token", "=", tokenOf(user.cookie))
      .execute();
    expect(await ctx.deps.sessions.user(headersOf(user.cookie))).toBeNull();
    expect(await sessionRow(user.cookie)).toBeUndefined();
  });

  it("extends a session that is due for its sliding refresh, as better-auth's getSession does", async () => {
    const user = await ctx.createVerifiedUser();
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await ctx.db
      .updateTable("session")
      .set({ expiresAt: soon })
      .where("token", "=", tokenOf(user.cookie))
      .execute();
    expect((await ctx.deps.sessions.user(headersOf(user.cookie)))?.id).toBe(user.id);
    const row = await sessionRow(user.cookie);
    expect(new Date(row!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
  });
});
