/**
 * One day of earnings for `npm run bench:scale` (bench/scale-load.ts): one statement per day that inserts the day's
 * ledger rows (in time order, so ids grow with time as in production), the games they paid for (and some lost
 * ones), the quiz sessions, the video watches and — for today and yesterday, the days the allowance job keeps —
 * the allowance counters, all from the plan table (bench/scale-plan.ts explains the slots).
 */
import { rewards } from "~/core/coins";
import { DAYS, QUIZ_SLOTS, QUIZZES, SLOTS, TTT_SLOTS, VIDEOS } from "./scale-plan";

const QUIZ_END = TTT_SLOTS + QUIZZES.length * QUIZ_SLOTS;
const quizArray = `(array[${QUIZZES.map((q) => `'${q}'`).join(",")}])`;
const videoArray = `(array[${VIDEOS.map((v) => `'${v}'`).join(",")}])`;

/** A quiz session's items as the app stores them: its 10 questions, options in their order. */
const items = (quiz: string) =>
  JSON.stringify(
    Array.from({ length: 10 }, (_, n) => ({
      questionId: `${quiz}-${String(n + 1).padStart(2, "0")}`,
      optionOrder: [0, 1, 2, 3],
    })),
  );
const itemsSql = `case quiz ${QUIZZES.map((q) => `when '${q}' then '${items(q)}'::jsonb`).join(" ")} end`;

/**
 * The statement for day `d` (0 = today) of the window ending at `dayZero` (the start of today, UTC): `$1` is
 * dayZero minus d days, `$2` the fraction of the day the rows spread over (1, or for today the part gone by).
 */
export function dayStatement(d: number): string {
  const slotOf = `(p.rot + g + ${d} * 7) % ${SLOTS}`;
  const allowances =
    d <= 1
      ? `, a as (insert into ledger_allowances (user_id, limit_key, day, used)
          select uid, limit_key, $1::date, count(*) from e where limit_key is not null group by uid, limit_key)`
      : "";
  return `with r as materialized (
    select p.id as uid, ${slotOf} as slot,
      $1::timestamptz + ((${slotOf}) * 1500 + p.i % 1400) * $2::float8 * interval '1 second' as ts
    from scale_plan p, generate_series(0, (p.n - 1 - ((${d} - p.off + ${DAYS * 2}) % ${DAYS})) / ${DAYS}) g
    where ((${d} - p.off + ${DAYS * 2}) % ${DAYS}) < p.n
  ), e as materialized (
    select uid, slot, ts,
      case when slot < ${TTT_SLOTS} then 'ttt_win' when slot >= ${QUIZ_END} then 'video_watch'
        when (slot - ${TTT_SLOTS}) % ${QUIZ_SLOTS} = 10 then 'quiz_bonus' else 'quiz_correct' end as kind,
      md5('g:' || uid || ':${d}:' || slot)::uuid as game_id,
      md5('q:' || uid || ':${d}:' || (slot - ${TTT_SLOTS}) / ${QUIZ_SLOTS})::uuid as session_id,
      ${quizArray}[(slot - ${TTT_SLOTS}) / ${QUIZ_SLOTS} + 1] as quiz,
      (slot - ${TTT_SLOTS}) % ${QUIZ_SLOTS} + 1 as question,
      md5('v:' || uid || ':${d}:' || slot)::uuid as watch_id,
      ${videoArray}[slot - ${QUIZ_END} + 1] as video,
      case when slot < ${TTT_SLOTS} then 'ttt_win:' || to_char($1::date, 'YYYY-MM-DD')
        when slot >= ${QUIZ_END} then 'video_watch:' || ${videoArray}[slot - ${QUIZ_END} + 1] || ':'
          || to_char($1::date, 'YYYY-MM-DD') end as limit_key
    from r
  ), l as (
    insert into coin_ledger (user_id, amount, kind, reason, cause_key, created_at, limit_key)
    select uid, 10, kind,
      case kind when 'ttt_win' then '${rewards.ttt_win.reason}' when 'video_watch' then '${rewards.video_watch.reason}'
        when 'quiz_bonus' then '${rewards.quiz_bonus.reason}' else '${rewards.quiz_correct.reason}' end,
      case kind when 'ttt_win' then 'ttt-win:' || game_id when 'video_watch' then 'video-watch:' || watch_id
        when 'quiz_bonus' then 'quiz-bonus:' || session_id
        else 'quiz:' || session_id || ':' || quiz || '-' || lpad(question::text, 2, '0') end,
      ts, limit_key
    from e order by ts
  ), g as (
    insert into games (id, user_id, board, status, version, created_at, updated_at, finished_at, replied_at)
    select game_id, uid, 'XXXOO----', 'won', 5, ts - interval '2 minutes', ts, ts, ts from e where kind = 'ttt_win'
    union all
    select md5('l:' || uid || ':${d}:' || slot)::uuid, uid, 'OOOXX----', 'lost', 5, ts - interval '4 minutes',
      ts - interval '3 minutes', ts - interval '3 minutes', ts - interval '3 minutes'
    from e where kind = 'ttt_win' and slot % 3 = 0
  ), q as (
    insert into quiz_sessions (id, quiz_id, user_id, items, created_at, expires_at, completed_at, practice,
      paid_day, paid_slot)
    select session_id, quiz, uid, ${itemsSql}, min(ts) - interval '10 minutes',
      min(ts) + interval '110 minutes', max(ts), false, to_char($1::date, 'YYYY-MM-DD'), 1
    from e where kind in ('quiz_correct', 'quiz_bonus') group by session_id, quiz, uid
  ), v as (
    insert into video_watches (id, user_id, video_id, started_at, completed_at)
    select watch_id, uid, video, ts - interval '21 seconds', ts from e where kind = 'video_watch'
  )${allowances}
  select count(*)::int as rows from e`;
}
