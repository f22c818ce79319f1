import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerQuizCorrectly, watchVideoToEnd } from "#tests/support/earning";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { errorCode } from "#tests/support/typed-client";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("balance and history", () => {
  it("needs a signed-in user", async () => {
    const { ledger } = ctx.api();
    for (const [path, res] of [
      ["balance", await ledger.balance.$get()],
      ["transactions", await ledger.transactions.$get({ query: { limit: "20" } })],
    ] as const) {
      expect(res.status, path).toBe(401);
      expect(await errorCode(res)).toBe("UNAUTHORIZED");
    }
  });

  it("answers a quiz session's rows as one line with their whole amount, and every other row as its own", async () => {
    const user = await ctx.createVerifiedUser();
    await answerQuizCorrectly(ctx.client, user, 10, "science");
    await watchVideoToEnd(ctx.client, ctx.db, user);
    const res = await ctx.api(user).ledger.transactions.$get({ query: { limit: "20" } });
    const { entries, nextCursor } = await res.json();
    expect(entries.map(({ kind, reason, amount, rows }) => ({ kind, reason, amount, rows }))).toEqual([
      { kind: "video_watch", reason: "Video watch", amount: 10, rows: 1 },
      {
        kind: "quiz_session",
        reason: "Science Facts: 10 correct +100, completion +10",
        amount: 110,
        rows: 11,
      },
    ]);
    expect(nextCursor).toBeNull();
  });

  it("starts at 0 and lists earnings newest first, only the caller's own", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    const balance = async () => (await ctx.api(user).ledger.balance.$get()).json();
    expect(await balance()).toEqual({ balance: 0, pending: 0 });

    for (const id of ["exciting-new-content", "community-highlights"]) {
      const { status } = await watchVideoToEnd(ctx.client, ctx.db, user, id);
      expect(status).toBe(200);
    }
    await watchVideoToEnd(ctx.client, ctx.db, other);

    expect(await balance()).toEqual({ balance: 20, pending: 0 });
    const transactions = (query: { limit: string; before?: number }) =>
      ctx.api(user).ledger.transactions.$get({ query });
    const page = await (await transactions({ limit: "1" })).json();
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ reason: "Video watch", amount: 10, kind: "video_watch" });
    expect(typeof page.nextCursor).toBe("number");
    const rest = await (await transactions({ limit: "10", before: page.nextCursor ?? undefined })).json();
    expect(rest.entries).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
  });

  it("rejects bad paging parameters with 422", async () => {
    const user = await ctx.createVerifiedUser();
    for (const q of ["limit=0", "limit=abc", "limit=1000", "before=-1"]) {
      const res = await ctx.request(`/api/ledger/transactions?${q}`, { cookie: user.cookie });
      expect(res.status, q).toBe(422);
    }
  });

  it("has no route that accepts an amount or a balance", async () => {
    const user = await ctx.createVerifiedUser();
    for (const [method, path] of [
      ["POST", "/api/ledger/balance"],
      ["PUT", "/api/ledger/balance"],
      ["POST", "/api/ledger/award"],
      ["POST", "/api/ledger/transactions"],
      ["PATCH", "/api/me"],
    ] as const) {
      const res = await ctx.request(path, {
        method,
        cookie: user.cookie,
        json: { amount: 1000, balance: 1000, points: 1000 },
      });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(await (await ctx.api(user).ledger.balance.$get()).json()).toEqual({ balance: 0, pending: 0 });
  });
});
