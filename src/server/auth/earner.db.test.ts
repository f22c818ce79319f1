import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";

/**
 * An earning request's session check inside its own statement (auth/earner.ts, SQL `session_earner`, ADR 062):
 * it acts only in the plain case; every other case takes the full way and is answered as requireEarner answers,
 * with nothing written by the statement that did not act.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!.split(";")[0]!).split(".")[0]!;
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000);

const earnerOf = async (token: string, freshUntil: Date = new Date()) =>
  (await sql<{ id: string | null }>`select session_earner(${token}, ${freshUntil}) as id`.execute(ctx.db))
    .rows[0]?.id ?? null;

const start = (user: TestUser, cookie = user.cookie) =>
  ctx.request("/api/videos/tutorial-get-started/watches", { method: "POST", cookie });

const watchesOf = async (userId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom("video_watches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("session_earner: the user a session may earn for with nothing else to do", () => {
  it("is the session's user in the plain case, and null for every other", async () => {
    const user = await ctx.createVerifiedUser();
    const token = tokenOf(user.cookie);
    expect(await earnerOf(token)).toBe(user.id);
    expect(await earnerOf(`${token}x`)).toBeNull();

    // Due for its sliding refresh (the record expires before `fresh_until`): better-auth's turn.
    const row = await ctx.db
      .selectFrom("session")
      .select("expiresAt")
      .where("token", "=", token)
      .executeTakeFirst();
    expect(await earnerOf(token, new Date(new Date(row!.expiresAt).getTime() + 1000))).toBeNull();

    await ctx.db.updateTable("user").set({ emailVerified: false }).where("id", "=", user.id).execute();
    expect(await earnerOf(token)).toBeNull();
    await ctx.db
      .updateTable("user")
      .set({ emailVerified: true, banned: true })
      .where("id", "=", user.id)
      .execute();
    expect(await earnerOf(token)).toBeNull();
    await ctx.db.updateTable("user").set({ banExpires: inAnHour() }).where("id", "=", user.id).execute();
    expect(await earnerOf(token)).toBeNull();
    await ctx.db
      .updateTable("user")
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where("id", "=", user.id)
      .execute();
    expect(await earnerOf(token)).toBe(user.id);

    await ctx.db.deleteFrom("session").where("token", "=", token).execute();
    expect(await earnerOf(token)).toBeNull();
  });
});

describe("earning requests whose session check does not hold", () => {
  it("answers a signed-out session 401 LOGIN_REQUIRED and writes nothing", async () => {
    const user = await ctx.createVerifiedUser();
    expect((await start(user)).status).toBe(201);
    await ctx.request("/api/auth/sign-out", { method: "POST", cookie: user.cookie });
    const res = await start(user);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("LOGIN_REQUIRED");
    expect(await watchesOf(user.id)).toBe(1);
  });

  it("answers a banned user 401 at once, on the start and on the completion, and pays nothing", async () => {
    const user = await ctx.createVerifiedUser();
    const started = await start(user);
    expect(started.status).toBe(201);
    const { watch } = (await started.json()) as { watch: { id: string } };
    await ctx.db
      .updateTable("video_watches")
      .set({ started_at: new Date(Date.now() - 60_000) })
      .where("id", "=", watch.id)
      .execute();
    // The ban as the record says it, with no session deleted (a ban that slipped past the sign-out of sessions).
    await ctx.db.updateTable("user").set({ banned: true }).where("id", "=", user.id).execute();
    const completed = await ctx.request(`/api/videos/watches/${watch.id}/complete`, {
      method: "POST",
      cookie: user.cookie,
    });
    expect(completed.status).toBe(401);
    expect((await start(user)).status).toBe(401);
    expect(await watchesOf(user.id)).toBe(1);
    const rows = await ctx.db.selectFrom("coin_ledger").select("id").where("user_id", "=", user.id).execute();
    expect(rows).toEqual([]);
    const watchRow = await ctx.db
      .selectFrom("video_watches")
      .select("completed_at")
      .where("id", "=", watch.id)
      .executeTakeFirst();
    expect(watchRow?.completed_at).toBeNull();
  });

  it("answers an unconfirmed address 403 EMAIL_NOT_VERIFIED and writes nothing", async () => {
    const user = await ctx.createVerifiedUser();
    await ctx.db.updateTable("user").set({ emailVerified: false }).where("id", "=", user.id).execute();
    const res = await start(user);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("EMAIL_NOT_VERIFIED");
    expect(await watchesOf(user.id)).toBe(0);
  });

  it("hands a session due for its refresh to better-auth, which extends it, and then earns", async () => {
    const user = await ctx.createVerifiedUser();
    const token = tokenOf(user.cookie);
    await ctx.db.updateTable("session").set({ expiresAt: inAnHour() }).where("token", "=", token).execute();
    expect((await start(user)).status).toBe(201);
    const row = await ctx.db
      .selectFrom("session")
      .select("expiresAt")
      .where("token", "=", token)
      .executeTakeFirst();
    expect(new Date(row!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    expect(await watchesOf(user.id)).toBe(1);
  });

  it("refuses a cookie whose signature is not the server's", async () => {
    const user = await ctx.createVerifiedUser();
    const [name, value] = user.cookie.split(";")[0]!.split("=") as [string, string];
    const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
    const forged = `${name}=${encodeURIComponent(`${token}.${signature.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`)}`;
    expect((await start(user, forged)).status).toBe(401);
    expect(await watchesOf(user.id)).toBe(0);
  });
});
