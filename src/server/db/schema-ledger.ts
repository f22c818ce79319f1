import type { ColumnType, Generated } from "kysely";
import type { ReferralBonusState } from "~/core/referrals";

/** The coins' tables: the ledger, its allowances and events, referrals and redemptions. */

/** The ledger's outbox: one row per ledger row (written by ledger_award and ledger-rows.ts; migrations 0190, 0220). */
export interface LedgerEventTable {
  entry_id: ColumnType<string, string | number, never>;
  user_id: ColumnType<string, string, never>;
  created_at: ColumnType<Date, never, never>;
}

/** Which consumer handled which event (src/server/ledger/ledger-events.ts). */
export interface LedgerEventConsumptionTable {
  entry_id: string | number;
  consumer: string;
  consumed_at: Generated<Date>;
}

/** What a daily allowance has used (written only by the SQL function ledger_award; migration 0160). */
export interface LedgerAllowanceTable {
  user_id: string;
  limit_key: string;
  day: ColumnType<Date, never, never>;
  used: number;
}

export interface ReferralTable {
  id: Generated<number>;
  referrer_id: string;
  referred_id: string;
  created_at: Generated<Date>;
  /**
   * pending until the friend's first earning; then clearing (the pair recorded as pending coins) until released
   * by the release job (paid), or held for review (released or declined later).
   */
  bonus_status: Generated<ReferralBonusState>;
  /**
   * Whether the referrer's half is part of the pair: false when the referrer's 30-day limit was reached (decided
   * when the pair is recorded, or when a held pair is released).
   */
  referrer_paid: Generated<boolean>;
  /** When the pair was recorded as pending (the friend's first earning). */
  recorded_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
}

export interface CoinLedgerTable {
  id: Generated<number>;
  user_id: string;
  amount: number;
  kind: string;
  reason: string;
  cause_key: string;
  /** The allowance this row counts against (`ttt_win:2026-11-23`), or null for unlimited kinds. */
  limit_key: string | null;
  created_at: Generated<Date>;
  /**
   * The history line the row belongs to (migration 0200, generated from kind and cause key): `quiz:<session>` for
   * a quiz session's rows, null for a row that is a line of its own. Never written.
   */
  group_key: ColumnType<string | null, never, never>;
}

export type RedemptionStatus = "pending" | "approved" | "paid" | "rejected" | "cancelled" | "failed";

export interface RedemptionTable {
  id: Generated<number>;
  user_id: string;
  coins: number;
  cents: number;
  method: "paypal" | "gift_card";
  recipient: string;
  status: Generated<RedemptionStatus>;
  provider: "manual" | "tremendous" | null;
  payout_attempt: Generated<number>;
  provider_reference: string | null;
  reason: string | null;
  decided_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When an administrator approved it (kept when a failed payout is rejected later). */
  approved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why the redemption is held for review (a reversal of spent coins, a burst of reversals); migration 0410. */
  held_reason: string | null;
  held_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
