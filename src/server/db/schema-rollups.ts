import type { ColumnType } from "kysely";

/**
 * The daily figures (docs/product.md, "Rollups"; migration 0220): kept as money moves by src/server/rollups,
 * rebuilt from the ledger and the source tables by `npm run rollups:rebuild`. Days are UTC dates.
 */

type Day = ColumnType<string, string, never>;
type Sum = ColumnType<string | number, string | number | undefined, string | number>;

/** Per UTC day and ledger kind: the coins of its positive rows (credit) and of its negative rows (debit, > 0). */
export interface RollupLedgerDayTable {
  day: Day;
  kind: ColumnType<string, string, never>;
  credit: Sum;
  debit: Sum;
}

/** Per UTC day: what is not a ledger row's own figure. */
export interface RollupDayTable {
  day: Day;
  /** Coins of the redemptions approved (pending → approved) that day. */
  approved: Sum;
  /** Coins of the redemptions paid that day. */
  paid_out: Sum;
  /** Coins forfeited that day: the balances of the accounts deleted that day. */
  breakage: Sum;
  /** Accounts deleted that day with coins to forfeit. */
  breakage_accounts: Sum;
  sign_ups: Sum;
  /** Distinct players who earned by playing that day (one rollup_earners row each). */
  active_earners: Sum;
}

/** Who earned by playing on which day: the key that counts an active earner once per player and day. */
export interface RollupEarnerTable {
  day: Day;
  user_id: string;
}

/**
 * Per UTC day and earning partner (migration 0420): the postbacks it recorded, the credits and reversals among
 * them, and their coins and payouts in micro-dollars (docs/product.md, "Earning partners").
 */
export interface RollupPartnerDayTable {
  day: Day;
  partner_id: ColumnType<string, string | number, never>;
  postbacks: Sum;
  credits: Sum;
  reversals: Sum;
  coins_credited: Sum;
  coins_reversed: Sum;
  payout_credited_micros: Sum;
  payout_reversed_micros: Sum;
}
