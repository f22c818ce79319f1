import { sql } from "kysely";
import { streakViewSchema } from "~/core/api/streak";
import { FREEZE_EVERY_DAYS, MAX_FREEZES, type StreakCheckpoint, type StreakRules } from "~/core/streak";
import type { Database } from "../db/client";

/**
 * Each player's streak checkpoint (docs/decisions/080-streak-checkpoints.md; migration 0290): the fold of the
 * ledger up to a closed day, stored with the rules it was made under. Read only under the same rules — the
 * configured goal and milestone, and the freeze rules of src/core/streak.ts — so a change of any of them makes
 * every checkpoint ignored until it is replaced.
 */

const columnsOf = (rules: StreakRules) => ({
  goal_coins: rules.goalCoins,
  bonus_coins: rules.bonusCoins,
  bonus_every_days: rules.bonusEveryDays,
  freeze_every_days: FREEZE_EVERY_DAYS,
  max_freezes: MAX_FREEZES,
});

const eventsSchema = streakViewSchema.shape.events;

/** The user's checkpoint made under `rules`, or undefined (none, or one of other rules). */
export async function readCheckpoint(
  db: Database,
  userId: string,
  rules: StreakRules,
): Promise<StreakCheckpoint | undefined> {
  const made = columnsOf(rules);
  const row = await db
    .selectFrom("streak_checkpoints")
    .select([
      sql<string>`to_char(through, 'YYYY-MM-DD')`.as("through"),
      "current",
      "longest",
      "freezes_held",
      "events",
    ])
    .where("user_id", "=", userId)
    .where("goal_coins", "=", made.goal_coins)
    .where("bonus_coins", "=", made.bonus_coins)
    .where("bonus_every_days", "=", made.bonus_every_days)
    .where("freeze_every_days", "=", made.freeze_every_days)
    .where("max_freezes", "=", made.max_freezes)
    .executeTakeFirst();
  if (!row) return undefined;
  const events = eventsSchema.safeParse(row.events);
  // A row that does not read as a checkpoint counts as none: the fold starts at the first day and replaces it.
  if (!events.success) return undefined;
  return {
    through: row.through,
    current: row.current,
    longest: row.longest,
    freezesHeld: row.freezes_held,
    events: events.data,
  };
}

/**
 * Stores the user's checkpoint made under `rules`. It replaces a checkpoint of an earlier day, or one made under
 * other rules; a later one of the same rules (a concurrent read moved it further) stays.
 */
export async function saveCheckpoint(
  db: Database,
  userId: string,
  rules: StreakRules,
  checkpoint: StreakCheckpoint,
): Promise<void> {
  const made = columnsOf(rules);
  const values = {
    through: checkpoint.through,
    current: checkpoint.current,
    longest: checkpoint.longest,
    freezes_held: checkpoint.freezesHeld,
    events: JSON.stringify(checkpoint.events),
    ...made,
  };
  await db
    .insertInto("streak_checkpoints")
    .values({ user_id: userId, ...values })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ ...values, updated_at: sql`now()` })
        .where(
          sql<boolean>`streak_checkpoints.through < excluded.through
            or (streak_checkpoints.goal_coins, streak_checkpoints.bonus_coins, streak_checkpoints.bonus_every_days,
                streak_checkpoints.freeze_every_days, streak_checkpoints.max_freezes)
              is distinct from (excluded.goal_coins, excluded.bonus_coins, excluded.bonus_every_days,
                excluded.freeze_every_days, excluded.max_freezes)`,
        ),
    )
    .execute();
}
