import { sql } from "kysely";
import { expect, it } from "vitest";
import { crashRuns } from "#tests/support/crash-run";
import { insertUserRow } from "#tests/support/db-users";
import { recordPartnerPending } from "~/server/ledger/partner-coins";
import { releaseDuePartnerCredits } from "~/server/partners/partner-release.job";

/**
 * Partner credits are released exactly once across kill -9 (docs/product.md, "Earning partners"): processes
 * release due credits one by one and are SIGKILLed after a random number of them, before they close their
 * database; then the release runs to its end. Every credit is available with exactly one `partner_credit` row, nothing is left
 * pending, and every balance equals its ledger.
 */
const KILLS = 3;
const PLAYERS = 4;
const CREDITS_EACH = 4;
const beginRun = crashRuns("partner");

it(`releases every partner credit exactly once across ${KILLS} SIGKILLs`, { timeout: 300_000 }, async () => {
  const run = await beginRun();
  const { kind, open, done } = run;
  let h = await open({ prepare: true });
  const partner = await h.db
    .insertInto("partners")
    .values({
      slug: "crash-wall",
      name: "Crash Wall",
      secret_box: "unused",
      previous_secret_box: null,
      proposed_secret_box: null,
      coins_per_dollar: null,
      daily_cap_coins: null,
      wall_url: null,
      enabled: true,
      proposed_change: null,
      proposed_by: null,
      created_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const players: string[] = [];
  for (let p = 0; p < PLAYERS; p++) {
    const user = await insertUserRow(h.db);
    players.push(user.id);
    for (let c = 0; c < CREDITS_EACH; c++) {
      await h.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("partner_credits")
          .values({
            partner_id: partner.id,
            transaction_id: `t-${p}-${c}`,
            user_id: user.id,
            coins: 10 + c,
            payout_micros: 50_000,
            release_at: new Date(Date.now() - 60_000),
          })
          .execute();
        await recordPartnerPending(trx, user.id, 10 + c);
      });
    }
  }
  await done(h);

  for (let kill = 0; kill < KILLS; kill++) {
    const dieAfter = 1 + Math.floor(Math.random() * 3);
    expect(await run.runUntilKilled("release-then-die.ts", { DIE_AFTER: String(dieAfter) })).toBe("SIGKILL");
  }
  h = await open();
  const inCrashes = await h.db
    .selectFrom("partner_credits")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("state", "=", "available")
    .executeTakeFirstOrThrow();
  await releaseDuePartnerCredits(h.db, new Date(), 10_000);
  console.log(
    `partner release crash test (${kind}): kills=${KILLS}, released before the last run=${inCrashes.n}`,
  );

  const perCredit = await h.db
    .selectFrom("partner_credits as c")
    .leftJoin("coin_ledger as l", (j) =>
      j.on("l.cause_key", "=", sql<string>`'partner:' || c.partner_id || ':' || c.transaction_id`),
    )
    .select(["c.state", sql<number>`count(l.id)::int`.as("rows")])
    .groupBy(["c.id", "c.state"])
    .execute();
  // The kills landed before the end: the last run had credits left to release.
  expect(inCrashes.n).toBeLessThan(PLAYERS * CREDITS_EACH);
  expect(perCredit).toHaveLength(PLAYERS * CREDITS_EACH);
  expect(perCredit.every((r) => r.state === "available" && r.rows === 1)).toBe(true);
  for (const id of players) {
    const profile = await h.db
      .selectFrom("user_profiles")
      .select(["points", "pending_points"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const sum = await h.db
      .selectFrom("coin_ledger")
      .select(sql<number>`coalesce(sum(amount), 0)::int`.as("coins"))
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ points: 10 + 11 + 12 + 13, pending_points: 0 });
    expect(sum.coins).toBe(profile.points);
  }
  await done(h);
});
