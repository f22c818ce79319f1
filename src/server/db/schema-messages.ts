import type { ColumnType, Generated } from "kysely";

/** A player's message settings (migration 0400): no row means the defaults (src/core/messages.ts). */
export interface MessageSettingsTable {
  user_id: string;
  off_kinds: ColumnType<string[], string[] | undefined, string[]>;
  time_zone: Generated<string>;
  quiet_start: Generated<number>;
  quiet_end: Generated<number>;
  daily_cap: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One inbox message, unique by the event that caused it; written by src/server/messages only. */
export interface MessageTable {
  id: ColumnType<string, never, never>;
  user_id: string;
  kind: string;
  event_key: string;
  title: string;
  body: string;
  link: string;
  mailed: Generated<boolean>;
  created_at: ColumnType<Date, Date | string, never>;
  read_at: ColumnType<Date | null, never, Date | string | null>;
}

/** When a player last played and which nudge is due when (the scans' partial indexes). */
export interface PlayerActivityTable {
  user_id: string;
  last_play_at: ColumnType<Date, Date | string, Date | string>;
  come_back_step: Generated<number>;
  come_back_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** The last UTC day the daily goal was met (a date; read with to_char). */
  goal_day: ColumnType<string | null, string | null, string | null>;
  at_risk_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}
