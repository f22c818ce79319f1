import type { Redis } from "ioredis";
import type { Registry } from "prom-client";
import type { Database, PoolStats } from "../db/client";
import type { Env } from "../env";
import { AppError } from "../errors";
import { createRouter } from "../http/router";
import { processFigures, shareFigures } from "./cluster-metrics";
import { metricsAccess } from "./metrics-access";
import { processRegistry, setMetricsEnabled } from "./registry";
import { processGauges, stateGauges } from "./state-metrics";

export interface AppMetrics {
  /** Every metric as Prometheus text: all serving processes' figures summed, and the database's state. */
  scrape(): Promise<string>;
  /** Makes this process's figures part of the cluster's sum (serve.ts, once per serving process). */
  shareWithCluster(): void;
}

/** Built once per app by createDeps. `enabled`: METRICS_ENABLED. */
export function createAppMetrics({
  db,
  enabled,
  queues,
  outboxQueue,
  poolStats,
  redis,
}: {
  db: Database;
  enabled: boolean;
  queues: readonly string[];
  /** The mail outbox's queue, shown as the outbox's own gauges. */
  outboxQueue: string;
  poolStats?: (() => PoolStats) | undefined;
  redis?: Pick<Redis, "status"> | undefined;
}): AppMetrics {
  setMetricsEnabled(enabled);
  const own: Registry[] = [processRegistry, processGauges({ poolStats, redis })];
  const state = stateGauges(db, queues, outboxQueue);
  return {
    async scrape() {
      const [figures] = await Promise.all([processFigures(own), state.refresh()]);
      return `${figures}${await state.registry.metrics()}`;
    },
    shareWithCluster: () => shareFigures(own),
  };
}

/**
 * GET /metrics: Prometheus's text format (version 0.0.4) for a scraper, outside /api and its OpenAPI document
 * (operational text, not the app's JSON API). Who may read it: metrics-access.ts.
 */
export const createMetricsRoutes = ({
  env,
  metrics,
}: {
  env: Pick<Env, "metricsEnabled" | "metricsToken" | "trustProxy">;
  metrics: AppMetrics;
}) =>
  createRouter().get("/", async (c) => {
    if (!env.metricsEnabled) throw new AppError("NOT_FOUND");
    const access = metricsAccess(c, env.metricsToken, env.trustProxy);
    if (access === "hidden") throw new AppError("NOT_FOUND");
    if (access === "wrong-token") {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHORIZED", "The metrics token is not valid.");
    }
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.scrape(), 200, { "Content-Type": processRegistry.contentType });
  });
