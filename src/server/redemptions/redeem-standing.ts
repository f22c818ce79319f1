import { sql } from "kysely";
import type { ChecklistItem } from "~/core/api/redemptions";
import { formatDollars } from "~/core/coins";
import type { KycStatus } from "~/core/kyc";
import { heldStatuses } from "~/core/redemptions";
import type { AppDeps } from "../app-deps";
import { isBanned } from "../auth/require-user";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { getKycStatus } from "../kyc/kyc.service";
import { getBalance } from "../ledger/ledger.service";

const DAY_MS = 24 * 60 * 60 * 1000;
/** "$X.YZ" of whole cents (formatDollars takes coins: 2 coins = 1 cent). */
export const dollarsOfCents = (cents: number) => formatDollars(cents * 2);
/** Statuses whose dollars count against the daily cap (a rejected or cancelled request gave its coins back). */
const COUNTED = ["pending", "approved", "paid", "failed"] as const;

export type RedeemDeps = Pick<AppDeps, "db" | "env">;

interface Standing {
  emailVerified: boolean;
  banned: boolean;
  balance: number;
  pending: number;
  centsToday: number;
  onHoldCoins: number;
  paidOutCoins: number;
  kyc: KycStatus;
}

/** What a redemption request is checked against: the user's address, ban, balance, KYC and redemptions. */
export async function standingOf(db: Database, userId: string, now: Date): Promise<Standing> {
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const user = await db
    .selectFrom("user")
    .innerJoin("user_profiles", "user_profiles.id", "user.id")
    .select(["user.emailVerified", "user.banned", "user.banExpires"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "No profile exists for this user.");
  const balance = await getBalance(db, userId);
  const counts = await db
    .selectFrom("redemptions")
    .select([
      sql<number>`(count(*) filter (where status = 'pending'))::int`.as("pending"),
      sql<number>`coalesce(sum(cents) filter (where created_at >= ${dayStart} and status in (${sql.join(
        COUNTED.map((s) => sql`${s}`),
      )})), 0)::int`.as("cents_today"),
      sql<number>`coalesce(sum(coins) filter (where status in (${sql.join(
        heldStatuses.map((s) => sql`${s}`),
      )})), 0)::int`.as("on_hold"),
      sql<number>`coalesce(sum(coins) filter (where status = 'paid'), 0)::int`.as("paid_out"),
    ])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    emailVerified: user.emailVerified,
    banned: isBanned(user, now),
    balance,
    pending: counts.pending,
    centsToday: counts.cents_today,
    onHoldCoins: counts.on_hold,
    paidOutCoins: counts.paid_out,
    // Their latest submission, or 'none'; only `approved` lets a user redeem while REDEEM_REQUIRE_KYC is on.
    kyc: (await getKycStatus(db, userId)).status,
  };
}

/** The pre-cash-out checklist of a standing, item by item as the page shows it. */
export function checklistOf(deps: RedeemDeps, s: Standing): ChecklistItem[] {
  const { minCoins, requireKyc } = deps.env.redeem;
  const items: ChecklistItem[] = [
    {
      key: "email",
      label: "E-mail address confirmed",
      ok: s.emailVerified,
      detail: s.emailVerified ? "Confirmed." : "Open the link in the confirmation e-mail we sent you.",
      href: s.emailVerified ? null : "/auth",
    },
  ];
  if (requireKyc)
    items.push({
      key: "kyc",
      label: "Identity verified",
      ok: s.kyc === "approved",
      detail:
        s.kyc === "approved"
          ? "Verified."
          : s.kyc === "pending"
            ? "Your documents are being reviewed."
            : "Verify your identity before your first redemption.",
      href: s.kyc === "approved" ? null : "/kyc",
    });
  items.push(
    {
      key: "balance",
      label: `At least ${minCoins} coins ($${formatDollars(minCoins)})`,
      ok: s.balance >= minCoins,
      detail:
        s.balance >= minCoins
          ? `You have ${s.balance} coins.`
          : `You have ${s.balance} coins: earn ${minCoins - s.balance} more with games, quizzes and videos.`,
      href: s.balance >= minCoins ? null : "/games",
    },
    {
      key: "standing",
      label: "Account in good standing",
      ok: !s.banned,
      detail: s.banned ? "Your account is suspended." : "No restrictions.",
      href: null,
    },
  );
  return items;
}
