import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect } from "vitest";
import { DELETE_CONFIRMATION } from "~/core/account";
import type { Database } from "~/server/db/client";
import { catchUpRollups } from "~/server/rollups/rollups.service";
import { rebuildRollups } from "~/server/rollups/rollups-rebuild";
import { type ApiClient, createVerifiedUser, type TestUser } from "./factories";

/**
 * The daily figures against their recomputation (docs/product.md, "Rollups"): a random mix of what moves money
 * or accounts — adjustments, redemptions requested, approved, paid, rejected (refunded) and cancelled, sign-ups,
 * deletions — through the API, and the rollups as they were kept compared with a rebuild from the ledger.
 */

export interface Workload {
  client: ApiClient;
  admin: TestUser;
  users: TestUser[];
  redemptions: { id: number; user: TestUser }[];
  /** Pays `user` an award by playing, where the test can reach the ledger (else no awards in the mix). */
  award?: (user: TestUser) => Promise<void>;
  /** Where sign-ups come from (a distinct address each: the sign-up limit per address). */
  nextIp: () => string;
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const coins = (max: number) => 1 + Math.floor(Math.random() * max);

async function adminPost(w: Workload, path: string, json: unknown) {
  return w.client.request(path, { method: "POST", cookie: w.admin.cookie, json });
}

type Step = (w: Workload) => Promise<number | undefined>;

const steps: [number, Step][] = [
  [
    4,
    async (w) => {
      const user = pick(w.users);
      if (!user) return;
      if (w.award) {
        await w.award(user);
        return 200;
      }
      const res = await adminPost(w, `/api/admin/users/${user.id}/adjustments`, {
        adjustmentId: randomUUID(),
        amount: coins(300),
        reason: "Rollup test grant",
      });
      return res.status;
    },
  ],
  [
    2,
    async (w) => {
      const user = pick(w.users);
      if (!user) return;
      const amount = Math.random() < 0.3 ? -coins(100) : coins(200);
      const res = await adminPost(w, `/api/admin/users/${user.id}/adjustments`, {
        adjustmentId: randomUUID(),
        amount,
        reason: "Rollup test adjustment",
      });
      return res.status;
    },
  ],
  [
    3,
    async (w) => {
      const user = pick(w.users);
      if (!user) return;
      const res = await w.client.request("/api/redemptions", {
        method: "POST",
        cookie: user.cookie,
        json: { coins: 10 + coins(150), method: "paypal" },
      });
      if (res.status === 201) w.redemptions.push({ id: (await res.json()).redemption.id, user });
      return res.status;
    },
  ],
  [
    2,
    async (w) => (await adminPost(w, `/api/admin/redemptions/${pick(w.redemptions)?.id}/approve`, {})).status,
  ],
  [
    1,
    async (w) =>
      (
        await adminPost(w, `/api/admin/redemptions/${pick(w.redemptions)?.id}/mark-paid`, {
          reference: `ref-${randomUUID().slice(0, 8)}`,
        })
      ).status,
  ],
  [
    1,
    async (w) =>
      (
        await adminPost(w, `/api/admin/redemptions/${pick(w.redemptions)?.id}/reject`, {
          reason: "Rollup test refusal",
          notPaid: true,
        })
      ).status,
  ],
  [
    1,
    async (w) => {
      const r = pick(w.redemptions);
      if (!r) return;
      const res = await w.client.request(`/api/redemptions/${r.id}/cancel`, {
        method: "POST",
        cookie: r.user.cookie,
      });
      return res.status;
    },
  ],
  [
    1,
    async (w) => {
      w.users.push(await createVerifiedUser(w.client, { ip: w.nextIp() }));
      return 200;
    },
  ],
  [
    0.5,
    async (w) => {
      const user = pick(w.users);
      if (!user || w.users.length < 3) return;
      const res = await w.client.request("/api/account/delete", {
        method: "POST",
        cookie: user.cookie,
        json: { password: user.password, confirmation: DELETE_CONFIRMATION },
      });
      if (res.status === 200) w.users.splice(w.users.indexOf(user), 1);
      return res.status;
    },
  ],
];

/** One random step of the mix; answers the HTTP status it got (never a 5xx in a sound run). */
export async function randomStep(w: Workload): Promise<number | undefined> {
  const total = steps.reduce((s, [weight]) => s + weight, 0);
  let r = Math.random() * total;
  for (const [weight, step] of steps) {
    r -= weight;
    if (r <= 0) return step(w);
  }
  return undefined;
}

/** Every rollup row, numbers as numbers, rows that hold only zeros left out (a rebuild writes none). */
export async function rollupRows(db: Database) {
  const ledger = await sql<Record<string, unknown>>`
    select to_char(day, 'YYYY-MM-DD') as day, kind, credit::text, debit::text from rollup_ledger_days
    where credit <> 0 or debit <> 0 order by day, kind`.execute(db);
  const days = await sql<Record<string, unknown>>`
    select to_char(day, 'YYYY-MM-DD') as day, approved::text, paid_out::text, breakage::text,
      breakage_accounts::text, sign_ups::text, active_earners::text from rollup_days
    where approved <> 0 or paid_out <> 0 or breakage <> 0 or breakage_accounts <> 0 or sign_ups <> 0
      or active_earners <> 0
    order by day`.execute(db);
  const earners = await sql<{ n: string }>`select count(*)::text as n from rollup_earners`.execute(db);
  return { ledger: ledger.rows, days: days.rows, earners: earners.rows[0]?.n };
}

/**
 * The rollups kept as money moved equal their rebuild from the ledger and the source tables (after taking the
 * events still waiting). Answers the rows, for further checks.
 */
export async function expectRollupsEqualRebuild(db: Database) {
  await catchUpRollups(db);
  const kept = await rollupRows(db);
  await rebuildRollups(db, { chunk: 7 });
  const rebuilt = await rollupRows(db);
  expect(kept).toEqual(rebuilt);
  return kept;
}

/** What the books say straight from the profiles: owed to live accounts, forfeited by deleted ones. */
export async function booksFromProfiles(db: Database) {
  const { rows } = await sql<{ owed: string; forfeited: string; users: string }>`
    select coalesce(sum(points) filter (where deleted_at is null), 0)::text as owed,
      coalesce(sum(points) filter (where deleted_at is not null), 0)::text as forfeited,
      count(*)::text as users from user_profiles`.execute(db);
  const r = rows[0];
  return { owed: Number(r?.owed), forfeited: Number(r?.forfeited), users: Number(r?.users) };
}
