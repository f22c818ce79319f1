import { useMemo } from "react";
import { ChartFigure } from "~/web/components/charts/chart-figure";
import { usePlayerStats } from "../api/get-player-stats";
import { playerMonthSpec } from "./player-month-spec";

/** The dashboard's chart of the player's last 30 days by channel, goal days marked (docs/product.md, "Dashboard"). */
export function PlayerMonth({ userId }: { userId: string | null }) {
  const query = usePlayerStats(userId);
  const spec = useMemo(() => (query.data ? playerMonthSpec(query.data) : null), [query.data]);
  if (query.isError) return <p role="alert">Could not load your last 30 days.</p>;
  // The frame of the card while it loads, so nothing below it moves when the numbers arrive.
  if (!spec) return <div aria-hidden="true" className="h-[28rem] animate-pulse rounded-2xl bg-muted" />;
  return <ChartFigure spec={spec} />;
}
