import { Flame, Snowflake, Target } from "lucide-react";
import type { StreakView } from "~/core/api/streak";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { ProgressBar, TextSkeleton } from "~/web/components/ui/progress-bar";
import { cn } from "~/web/lib/cn";
import { useStreak } from "../api/get-streak";
import { eventText, goalText, milestoneText, plural, rulesText, shortDay } from "./streak-text";

const dayStyle: Record<StreakView["days"][number]["state"], string> = {
  met: "bg-brand",
  frozen: "bg-sky-500",
  missed: "bg-muted",
  open: "border-2 border-brand bg-transparent",
};
const dayWord: Record<StreakView["days"][number]["state"], string> = {
  met: "goal met",
  frozen: "missed, kept by a streak freeze",
  missed: "goal not met",
  open: "today, still open",
};

function Days({ days }: { days: StreakView["days"] }) {
  return (
    <ol aria-label="The last 28 days" className="grid grid-cols-14 gap-1">
      {days.map((d) => (
        <li
          key={d.day}
          title={`${shortDay(d.day)}: ${dayWord[d.state]} (${d.coins} coins)`}
          className={cn("aspect-square rounded-sm", dayStyle[d.state])}
        >
          <span className="sr-only">{`${shortDay(d.day)}: ${dayWord[d.state]}, ${d.coins} coins`}</span>
        </li>
      ))}
    </ol>
  );
}

function Details({ s }: { s: StreakView }) {
  return (
    <details className="rounded-lg border px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium">How the streak works, and your history</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
        {rulesText(s.rules).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <h3 className="mt-3 font-semibold">Your history</h3>
      {s.events.length === 0 ? (
        <p className="text-muted-foreground">
          {s.current > 0
            ? `No milestone or freeze yet: ${plural(s.current, "day")} in a row so far.`
            : "Nothing yet: meet the goal to start a streak."}
        </p>
      ) : (
        <ul aria-label="Streak history" className="mt-1 space-y-1">
          {s.events.map((e) => (
            <li key={`${e.day}-${e.kind}`}>{eventText(e, s.rules.bonusCoins)}</li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-muted-foreground">{`Longest streak: ${plural(s.longest, "day")}.`}</p>
    </details>
  );
}

/**
 * 'Daily goal and streak' (docs/product.md): today's coins toward the goal, the days in a row, the freezes held,
 * what the next milestone brings, the last 28 days, and the rules with the user's history. While the data (or the
 * session) loads it shows the same frame with grey blocks, so nothing moves when the numbers arrive.
 */
export function GoalStreakCard({ userId }: { userId: string | null }) {
  const streak = useStreak(userId);
  const s = streak.data;
  return (
    <Card role="region" aria-labelledby="goal-heading">
      <CardHeader className="pb-3">
        <CardTitle as="h2" id="goal-heading" className="flex items-center gap-2 text-lg">
          <Target aria-hidden="true" className="size-5 text-brand" />
          Daily goal and streak
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <p className="font-medium tabular-nums">{s ? goalText(s) : <TextSkeleton className="w-40" />}</p>
          <ProgressBar
            label="Daily goal"
            value={s?.today.coins ?? 0}
            max={s?.rules.goalCoins ?? 100}
            valueText={s ? `${s.today.coins} of ${s.rules.goalCoins} coins` : "Loading"}
          />
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg border px-3 py-2">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <Flame aria-hidden="true" className="size-4 shrink-0 text-orange-600" />
              Streak
            </dt>
            <dd className="font-semibold tabular-nums">
              {s ? `${plural(s.current, "day")} in a row` : <TextSkeleton className="w-20" />}
            </dd>
          </div>
          <div className="rounded-lg border px-3 py-2">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <Snowflake aria-hidden="true" className="size-4 shrink-0 text-sky-600" />
              Streak freezes
            </dt>
            <dd className="font-semibold tabular-nums">
              {s ? `${s.freezesHeld} of ${s.rules.maxFreezes} held` : <TextSkeleton className="w-20" />}
            </dd>
          </div>
        </dl>
        <p className="min-h-5 text-sm">{s ? milestoneText(s) : <TextSkeleton className="w-56" />}</p>
        {s ? (
          <Days days={s.days} />
        ) : (
          <div aria-hidden="true" className="grid grid-cols-14 gap-1">
            {Array.from({ length: 28 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of placeholders
              <span key={i} className="aspect-square animate-pulse rounded-sm bg-muted" />
            ))}
          </div>
        )}
        {s ? (
          <Details s={s} />
        ) : streak.isError ? (
          <p className="text-sm">Could not load your streak.</p>
        ) : (
          <div aria-hidden="true" className="h-[38px] rounded-lg border" />
        )}
      </CardContent>
    </Card>
  );
}
