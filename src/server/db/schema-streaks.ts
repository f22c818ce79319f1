import type { ColumnType } from "kysely";

/**
 * A player's streak as of a closed day (migration 0290; docs/decisions/080-streak-checkpoints.md): where the
 * streak's fold starts again, under the rules it was made with. Written by src/server/streaks only.
 */
export interface StreakCheckpointTable {
  user_id: string;
  /** The last day folded in (a date; read with to_char). */
  through: ColumnType<string, string, string>;
  current: number;
  longest: number;
  freezes_held: number;
  /** jsonb, the last events shown (oldest first); written as a JSON string. */
  events: ColumnType<unknown, string, string>;
  goal_coins: number;
  bonus_coins: number;
  bonus_every_days: number;
  freeze_every_days: number;
  max_freezes: number;
  updated_at: ColumnType<Date, never, Date | string>;
}
