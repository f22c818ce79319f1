/**
 * The API calls `npm run bench:scale` times (bench/scale-run.ts): what a player and an administrator do, as the
 * web app sends them, with the ids they need read from the loaded database (the heaviest bench player, a user the
 * audit log names, a deep page's key). Targets are per group (ADR 073).
 */
import pg from "pg";
import { adminEmail, playerEmail } from "./scale-load";
import type { ScaleSize } from "./scale-plan";

/**
 * The data download reads the player's whole history by its nature: its target is relative only (≤ 2 × the empty
 * database's, where the bench player has the same 90 days), not the 50 ms of a page.
 */
export const DOWNLOAD = "data download (JSON, whole body)";

export type CallGroup = "player" | "console";

export interface Call {
  name: string;
  group: CallGroup;
  as: "player" | "admin";
  path: string;
}

export interface CallContext {
  playerId: string;
  playerEmail: string;
  adminEmail: string;
  rareActorEmail: string;
  /** A user with rows in the audit log (its target), and its e-mail address. */
  auditTarget: string;
  auditTargetEmail: string;
  /** A wallet history key about 4 000 rows deep into the player's history. */
  deepBefore: number;
  /** A user id the search looks up exactly, and a fragment of its e-mail. */
  exactId: string;
  fragment: string;
  /** A place half-way down the users list (newest first), as the list's cursor encodes it. */
  deepUsersCursor: string;
  deepUsersOffset: number;
}

export async function callContext(url: string, size: ScaleSize): Promise<CallContext> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const id = async (text: string, values: unknown[]) => (await client.query(text, values)).rows[0];
    const player = await id(`select id from "user" where email = $1`, [playerEmail(1)]);
    const deep = await id(
      "select id from coin_ledger where user_id = $1 order by id desc offset 4000 limit 1",
      [player.id],
    );
    const target = await id(
      `select a.target_id, u.email from audit_log a join "user" u on u.id = a.target_id order by a.id limit 1`,
      [],
    );
    const exact = Math.min(4242, size.users);
    // The users list pages by key (admin/users-list.ts: its cursor is [createdAt in UTC, id] in base64url JSON).
    const half = Math.floor(size.users / 2);
    const deepUser = await id(
      `select to_char("createdAt" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created, id from "user"
       order by "createdAt" desc, id desc offset $1 limit 1`,
      [half],
    );
    const userRow = await id(`select id, email from "user" where id = md5('scale-user:' || $1::int)`, [
      exact,
    ]);
    return {
      playerId: player.id,
      playerEmail: playerEmail(1),
      adminEmail: adminEmail(1),
      rareActorEmail: adminEmail(3),
      auditTarget: target.target_id,
      auditTargetEmail: target.email,
      deepBefore: Number(deep?.id ?? 1),
      exactId: userRow.id,
      fragment: String(userRow.email).split("@")[0] ?? "user1",
      deepUsersCursor: Buffer.from(JSON.stringify([deepUser.created, deepUser.id])).toString("base64url"),
      deepUsersOffset: half,
    };
  } finally {
    await client.end();
  }
}

export function playerCalls(ctx: CallContext): Call[] {
  const p = (name: string, path: string): Call => ({ name, group: "player", as: "player", path });
  return [
    p("session", "/api/auth/get-session"),
    p("balance", "/api/ledger/balance"),
    p("profile", "/api/me"),
    p("today (allowance)", "/api/earning/allowance"),
    p("streak and goal", "/api/streak"),
    p("wallet history, first page", "/api/ledger/transactions?limit=20"),
    p("wallet history, 4 000 rows deep", `/api/ledger/transactions?limit=20&before=${ctx.deepBefore}`),
    p("redemptions", "/api/redemptions"),
    p("redeem eligibility", "/api/redemptions/eligibility"),
    p("referral page", "/api/referrals"),
    p("sessions", "/api/account/sessions"),
    p("KYC status", "/api/kyc"),
    p(DOWNLOAD, "/api/account/export"),
  ];
}

export function consoleCalls(ctx: CallContext): Call[] {
  const a = (name: string, path: string): Call => ({ name, group: "console", as: "admin", path });
  const q = encodeURIComponent;
  return [
    a("overview", "/api/admin/overview"),
    a("stats", "/api/admin/stats"),
    a("users list, first page", "/api/admin/users"),
    a("users list, half-way down (by key)", `/api/admin/users?after=${ctx.deepUsersCursor}`),
    a(`user search '${ctx.fragment}'`, `/api/admin/users?q=${q(ctx.fragment)}`),
    a("user search 'mail.test'", `/api/admin/users?q=${q("mail.test")}`),
    a("user search '@inbox'", `/api/admin/users?q=${q("@inbox")}`),
    a("user search, exact id", `/api/admin/users?q=${q(ctx.exactId)}`),
    a("user detail (heaviest player)", `/api/admin/users/${q(ctx.playerId)}`),
    a("user's ledger", `/api/admin/users/${q(ctx.playerId)}/ledger`),
    a("user's dual control", `/api/admin/users/${q(ctx.playerId)}/dual-control`),
    a("audit log", "/api/admin/audit"),
    a("audit by target id", `/api/admin/audit?target=${q(ctx.auditTarget)}`),
    a("audit by target e-mail", `/api/admin/audit?target=${q(ctx.auditTargetEmail)}`),
    a("audit by actor e-mail (rare)", `/api/admin/audit?actor=${q(ctx.rareActorEmail)}`),
    a("audit by action", "/api/admin/audit?action=coins.adjust"),
    a("redemptions queue, open", "/api/admin/redemptions?status=open"),
    a("redemptions, all", "/api/admin/redemptions"),
    a("KYC queue", "/api/admin/kyc"),
    a("proposals", "/api/admin/proposals"),
    a("held referrals", "/api/admin/referrals/held"),
  ];
}
