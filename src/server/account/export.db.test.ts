import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceAndLedger, grantCoins } from "#tests/support/coins";
import { watchVideoToEnd } from "#tests/support/earning";
import type { TestUser } from "#tests/support/factories";
import { givePendingKyc } from "#tests/support/kyc";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { accountExportSchema } from "~/core/api/account";
import { EXPORT_PAGE_ROWS } from "./export-stream";

/** docs/product.md "Your data": the download holds everything about the user and nothing about anyone else. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await ctx.close();
});

const exportOf = async (user: TestUser, path = "/api/account/export") => {
  const res = await ctx.request(path, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return res;
};

/** Two users with a history each: games, quizzes, a video, a referral between them, KYC, coins. */
async function twoUsers() {
  const a = await ctx.createVerifiedUser();
  const { profile } = await (await ctx.request("/api/me", { cookie: a.cookie })).json();
  const b = await ctx.createVerifiedUser({ referralCode: profile.referralCode });
  for (const u of [a, b]) {
    await ctx.request("/api/games/tic-tac-toe", { method: "POST", cookie: u.cookie });
    await ctx.request("/api/quizzes/general/sessions", { method: "POST", cookie: u.cookie });
    await watchVideoToEnd(ctx.client, ctx.db, u, "exciting-new-content");
    await grantCoins(ctx.db, u.id, 120);
    await givePendingKyc(ctx.deps, u.id, {
      fullName: `Name of ${u.email}`,
      documentId: `DOC-${u.id.slice(0, 8)}`,
    });
  }
  return { a, b };
}

describe("the data download", () => {
  it("holds the user's whole history, whose ledger sums to the balance, and none of another user's data", async () => {
    const { a, b } = await twoUsers();
    const res = await exportOf(a);
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="play-learn-earn-data\.json"/,
    );
    const text = await res.text();
    const data = accountExportSchema.parse(JSON.parse(text));
    expect(data.user).toMatchObject({ id: a.id, email: a.email });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.devices.length).toBeGreaterThan(0);
    expect(data.games).toHaveLength(1);
    expect(data.quizSessions).toHaveLength(1);
    expect(data.videoWatches).toHaveLength(1);
    expect(data.kyc).toEqual([
      expect.objectContaining({ status: "pending", fullName: `Name of ${a.email}` }),
    ]);
    expect(data.referrals.made).toEqual([
      expect.objectContaining({ friend: expect.stringMatching(/\*\*\*@/) }),
    ]);
    const sum = data.ledger.reduce((n, r) => n + r.amount, 0);
    expect(sum).toBe(data.balance);
    expect(data.balance).toBe((await balanceAndLedger(ctx.db, a.id)).balance);
    expect(data.ledger.map((r) => r.reason)).toContain("Test grant");
    // Nothing of B: not the id, the address, the name or the document id (B's referral is masked).
    for (const secret of [b.id, b.email, `Name of ${b.email}`, `DOC-${b.id.slice(0, 8)}`])
      expect(text).not.toContain(secret);
  });

  it("describes and dates each browser, and holds no device id (which exempts a browser from the lock)", async () => {
    const user = await ctx.createVerifiedUser();
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const signIn = await ctx.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
      headers: { "user-agent": firefox },
    });
    expect(signIn.status).toBe(200);
    const ids = [
      ...(
        await ctx.db.selectFrom("user_devices").select("device_id").where("user_id", "=", user.id).execute()
      ).map((d) => d.device_id),
      ...(
        await ctx.db.selectFrom("user_profiles").select("signup_device").where("id", "=", user.id).execute()
      ).flatMap((p) => (p.signup_device ? [p.signup_device] : [])),
    ];
    expect(ids.length).toBeGreaterThan(0);
    const text = await (await exportOf(user)).text();
    for (const id of ids) expect(text).not.toContain(id);
    const data = accountExportSchema.parse(JSON.parse(text));
    expect(data.devices).toContainEqual(
      expect.objectContaining({ browser: "Firefox 128 on Linux", firstSeenAt: expect.any(String) }),
    );
    expect(JSON.stringify(data.devices)).not.toMatch(/deviceId|signUpDevice/);
  });

  it("gives the ledger as CSV with the running balance", async () => {
    const { a } = await twoUsers();
    const csv = await (await exportOf(a, "/api/account/export/ledger.csv")).text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("id,created_at,kind,reason,amount,balance_after");
    expect(Number(lines.at(-1)!.split(",").at(-1))).toBe((await balanceAndLedger(ctx.db, a.id)).balance);
  });

  it("gives the KYC document only after a fresh password check, and only one's own", async () => {
    const { a, b } = await twoUsers();
    const [mine] = await ctx.db
      .selectFrom("kyc_submissions")
      .select("id")
      .where("user_id", "=", a.id)
      .execute();
    const [theirs] = await ctx.db
      .selectFrom("kyc_submissions")
      .select("id")
      .where("user_id", "=", b.id)
      .execute();
    const ask = (id: string, password: string) =>
      ctx.request(`/api/account/export/kyc-documents/${id}`, {
        method: "POST",
        cookie: a.cookie,
        json: { password },
      });
    expect((await ask(mine!.id, "wrong-password")).status).toBe(400);
    expect((await ask(theirs!.id, a.password)).status).toBe(404);
    const ok = await ask(mine!.id, a.password);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect((await ok.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("streams 10 000 ledger rows holding at most 2 MB of heap at any time (measured)", {
    timeout: 120_000,
  }, async () => {
    const user = await ctx.createVerifiedUser();
    const ROWS = 10_000;
    const reason = "x".repeat(190);
    // Seeded as the ledger's writer would: the rows and the balance in one transaction.
    await ctx.db.transaction().execute(async (trx) => {
      await sql`insert into coin_ledger (user_id, amount, kind, reason, cause_key)
        select ${user.id}, 1, 'adjustment', ${reason}, 'adjustment:' || ${user.id} || ':bulk-' || n
        from generate_series(1, ${ROWS}) as n`.execute(trx);
      await trx.updateTable("user_profiles").set({ points: ROWS }).where("id", "=", user.id).execute();
    });
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    const res = await exportOf(user);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let bytes = 0;
    let peak = 0;
    let rows = 0;
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      rows += decoder.decode(value).match(/"kind":"adjustment"/g)?.length ?? 0;
      chunks++;
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
    }
    const MB = 1024 * 1024;
    console.log(
      `export of ${ROWS} ledger rows (${ctx.kind}): ${(bytes / MB).toFixed(1)} MB in ${chunks} chunks, at most ${(peak / MB).toFixed(2)} MB more heap held while streaming`,
    );
    expect(rows).toBe(ROWS);
    // The file is larger than the bound, so a download built in memory first could not pass.
    expect(bytes).toBeGreaterThan(2.5 * MB);
    expect(chunks).toBeGreaterThanOrEqual(ROWS / EXPORT_PAGE_ROWS);
    expect(peak).toBeLessThan(2 * MB);
  });
});
