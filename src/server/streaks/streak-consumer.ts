import { sql, type Transaction } from "kysely";
import { isPlayKind } from "~/core/coins";
import { GOAL_KINDS, type StreakRules } from "~/core/streak";
import { utcDay } from "~/core/utc-day";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import type { AwardResult } from "../ledger/ledger.service";
import type { LedgerEvent, LedgerEventConsumer } from "../ledger/ledger-events";
import { noteGoalMet } from "../messages/message-scans.job";
import { settleStreak } from "./streak-settle";

/**
 * The daily goal as a consumer of the award's 'paid' events (src/server/ledger/ledger-events.ts; docs/product.md,
 * "Daily goal and streak"): for each user and UTC day among the events taken, when they contain the earning that
 * brought the day's coins to the goal (the day's coins before the first of them were below it, up to the last of
 * them at or above it), the streak is settled as of that day, if it is today: a milestone it reached pays its
 * bonus through the ledger (cause key `streak:<user>:<day>:<milestone>`), in the transaction that records the
 * events as taken; and the messages learn of it (the evening reminder's clock, the 7- and 30-day notes).
 */
export const STREAK_CONSUMER = "streak";

export interface StreakBonusPaid {
  bonus: AwardResult;
  milestone: number;
}

interface Group {
  user_id: string;
  day: string;
  min_id: number;
  max_id: number;
}

function groupsOf(events: readonly LedgerEvent[]): Group[] {
  const groups = new Map<string, Group>();
  for (const e of events) {
    if (!isPlayKind(e.kind)) continue;
    const day = utcDay(e.at);
    const key = `${e.userId}\n${day}`;
    const g = groups.get(key);
    if (g) {
      g.min_id = Math.min(g.min_id, e.entryId);
      g.max_id = Math.max(g.max_id, e.entryId);
    } else groups.set(key, { user_id: e.userId, day, min_id: e.entryId, max_id: e.entryId });
  }
  return [...groups.values()];
}

/** The groups whose events crossed the goal: one statement for all of them. */
async function crossing(trx: Transaction<DB>, groups: Group[], goal: number): Promise<Group[]> {
  if (groups.length === 0) return [];
  const kinds = sql.join(GOAL_KINDS.map((k) => sql`${k}`));
  const { rows } = await sql<{ user_id: string; day: string; before: number; up_to: number }>`
    select g.user_id, to_char(g.day, 'YYYY-MM-DD') as day,
      coalesce(sum(l.amount) filter (where l.id < g.min_id), 0)::int as before,
      coalesce(sum(l.amount) filter (where l.id <= g.max_id), 0)::int as up_to
    from jsonb_to_recordset(${JSON.stringify(groups)}::jsonb)
      as g(user_id text, day date, min_id bigint, max_id bigint)
    left join coin_ledger l on l.user_id = g.user_id and l.kind in (${kinds})
      and l.created_at >= g.day::timestamp at time zone 'UTC'
      and l.created_at < (g.day + 1)::timestamp at time zone 'UTC'
    group by g.user_id, g.day`.execute(trx);
  const due = new Set(
    rows.filter((r) => r.before < goal && r.up_to >= goal).map((r) => `${r.user_id}\n${r.day}`),
  );
  return groups.filter((g) => due.has(`${g.user_id}\n${g.day}`));
}

export function streakConsumer(rules: StreakRules): LedgerEventConsumer<StreakBonusPaid[]> {
  return {
    name: STREAK_CONSUMER,
    async consume(trx, events) {
      const paid: StreakBonusPaid[] = [];
      if (rules.bonusCoins === 0) return paid;
      // A bonus is never paid for a past day (docs/product.md): an event taken after its day's midnight pays none.
      const today = utcDay(new Date());
      const groups = groupsOf(events).filter((g) => g.day === today);
      for (const g of await crossing(trx, groups, Math.max(1, rules.goalCoins))) {
        try {
          const { state, bonus } = await settleStreak(trx, g.user_id, rules, new Date(`${g.day}T00:00:00Z`));
          // The messages' clock (docs/product.md, "Messages"): tomorrow evening's reminder, a 7- or 30-day note.
          await noteGoalMet(trx, g.user_id, g.day, state.current);
          if (bonus && !bonus.duplicate && bonus.amount > 0 && state.milestoneToday !== null)
            paid.push({ bonus, milestone: state.milestoneToday });
        } catch (error) {
          // A deleted or banned account earns nothing, its bonus included: the event is taken all the same.
          if (!(error instanceof AppError && error.code === "LOGIN_REQUIRED")) throw error;
        }
      }
      return paid;
    },
  };
}
