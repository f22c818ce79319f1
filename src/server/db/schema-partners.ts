import type { ColumnType, Generated } from "kysely";
import type { PartnerScheme } from "~/core/partners";

/** Earning partners (migration 0350; docs/product.md, "Earning partners"). */

export interface PartnerTable {
  id: ColumnType<string, never, never>;
  slug: string;
  name: string;
  scheme: Generated<PartnerScheme>;
  /** The secret, encrypted (partners/partner-secrets.ts): never answered again after creation. */
  secret_box: string;
  previous_secret_box: string | null;
  previous_secret_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  proposed_secret_box: string | null;
  /** Coins per dollar of payout; null: the partner's own reward. */
  coins_per_dollar: number | null;
  hold_days: Generated<number>;
  allowed_sources: Generated<string[]>;
  daily_cap_coins: number | null;
  wall_url: string | null;
  enabled: Generated<boolean>;
  proposed_change: "enable" | "rotate" | null;
  proposed_by: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface PartnerPlayerIdTable {
  user_id: string;
  partner_user_id: string;
  created_at: Generated<Date>;
}

export type PartnerCreditState = "pending" | "available" | "reversed" | "held" | "declined";

export interface PartnerCreditTable {
  id: ColumnType<string, never, never>;
  partner_id: ColumnType<string, string | number, never>;
  transaction_id: string;
  user_id: string | null;
  coins: number;
  payout_micros: ColumnType<string, number, never>;
  state: Generated<PartnerCreditState>;
  release_at: ColumnType<Date, Date, Date>;
  created_at: Generated<Date>;
  released_at: ColumnType<Date | null, never, Date | null>;
  reversed_at: ColumnType<Date | null, never, Date | null>;
  conflicts: Generated<number>;
  /** Why a credit is held, not paid (over the partner's daily cap per player); migration 0410. */
  held_reason: string | null;
  /** Who decided a held credit (released or declined it), when and why; migration 0460. */
  decided_by: ColumnType<string | null, never, string | null>;
  decided_at: ColumnType<Date | null, never, Date | null>;
  decision_reason: ColumnType<string | null, never, string | null>;
}

/** Coins a reversal could not take back because they were spent: one row per cause (migration 0410). */
export interface CoinDebtTable {
  id: ColumnType<string, never, never>;
  user_id: string;
  coins: number;
  reason: string;
  cause_key: string;
  created_at: Generated<Date>;
}
