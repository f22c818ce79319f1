import { CalendarClock } from "lucide-react";
import type { Allowance } from "~/core/api/earning";
import { formatResetIn } from "~/core/utc-day";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { useAllowance } from "../api/get-allowance";

export interface TodayPanelProps {
  /** The signed-in user; guests see no panel (they earn nothing). */
  userId: string | null;
  /** The session is still being checked: show the panel's frame (the dashboard's prerendered shell). */
  pending?: boolean;
}

const SKELETON_ROWS = ["Tic Tac Toe", "Quizzes", "Videos"];

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/** One wording for every channel: 'N of M paid … left today' (docs/product.md, "Fair earning"). */
export function todayRows(a: Allowance) {
  const quizzesLeft = sum(a.quizzes.map((q) => q.left));
  const videosLeft = sum(a.videos.map((v) => v.left));
  return [
    { label: "Tic Tac Toe", value: `${a.ticTacToe.left} of ${a.limits.tttWinsPerDay} paid wins left today` },
    {
      label: "Quizzes",
      value: `${quizzesLeft} of ${a.quizzes.length * a.limits.quizSessionsPerDay} paid quizzes left today`,
    },
    {
      label: "Videos",
      value: `${videosLeft} of ${a.videos.length * a.limits.videoWatchesPerDay} paid watches left today`,
    },
  ];
}

/**
 * 'Today': what the daily limits have left, and when they reset (midnight UTC) — so a limit never looks like
 * a bug. Shown on the wallet and on every earning page.
 */
export function TodayPanel({ userId, pending = false }: TodayPanelProps) {
  const allowance = useAllowance(userId);
  if (!userId && !pending) return null;
  const data = allowance.data;
  return (
    <Card aria-labelledby="today-heading" role="region" className="mx-auto w-full max-w-2xl">
      <CardHeader className="pb-2">
        <CardTitle as="h2" id="today-heading" className="flex items-center gap-2 text-lg">
          <CalendarClock aria-hidden="true" className="size-5 text-brand" />
          Today
        </CardTitle>
      </CardHeader>
      <CardContent>
        {data ? (
          <>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {todayRows(data).map((row) => (
                <div key={row.label} className="contents">
                  <dt className="text-muted-foreground">{row.label}</dt>
                  <dd className="font-medium tabular-nums">{row.value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-sm text-muted-foreground">
              {`Limits reset in ${formatResetIn(new Date(data.resetsAt).getTime() - Date.now())} (midnight UTC).`}
            </p>
          </>
        ) : allowance.isError ? (
          <p className="text-sm">Could not load today's allowance.</p>
        ) : (
          // The same frame while loading: the rows' labels and grey values, so nothing moves when they arrive.
          <>
            <span className="sr-only">Loading today's allowance…</span>
            <div aria-hidden="true" className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {SKELETON_ROWS.map((label) => (
                <div key={label} className="contents">
                  <span className="text-muted-foreground">{label}</span>
                  <span>
                    <span className="inline-block h-[1em] w-48 animate-pulse rounded bg-muted align-middle" />
                  </span>
                </div>
              ))}
            </div>
            <p aria-hidden="true" className="mt-2 text-sm">
              <span className="inline-block h-[1em] w-64 animate-pulse rounded bg-muted align-middle" />
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
