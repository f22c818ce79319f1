import type { LedgerKind } from "./coins";

/** Roles of better-auth's admin plugin as this app uses them: everyone is a `user`; operators are `admin`s. */
export const roles = ["user", "admin"] as const;
export type Role = (typeof roles)[number];

/** Coin adjustments, role changes and other sensitive admin changes need a session signed in this recently. */
export const FRESH_SESSION_MINUTES = 15;

/** GET /api/admin/overview. */
export interface AdminOverview {
  users: { total: number; newLast7Days: number };
  /** Coins paid out (positive ledger rows) since the start of today (UTC) and in the last 7 days, per kind. */
  issued: { kind: LedgerKind | string; today: number; last7Days: number }[];
  /** What the platform owes: the sum of all balances. */
  liability: { coins: number; dollars: string };
  /** Work waiting for an operator, one entry per area that has a queue (KYC, redemptions, referral reviews…). */
  pending: { key: string; label: string; count: number; href: string; dollars?: string }[];
}
