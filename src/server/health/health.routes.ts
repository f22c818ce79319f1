import { sql } from "kysely";
import { healthResponse, type ReadinessResponse, readinessResponse } from "~/core/api/health";
import type { AppDeps } from "../app-deps";
import { migrations } from "../db/migrations/index";
import { withTimeout } from "../http/dependency-monitor";
import { RETRY_AFTER_SECONDS } from "../http/errors";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";

const READY_TIMEOUT_MS = 2000;

/** Every migration this build knows is recorded in Kysely's table. */
async function migrationsApplied(db: AppDeps["db"]): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).every((name) => applied.has(name));
}

/**
 * /api/health: the process answers (no dependency call: a load balancer must not take every instance out
 * because the database blinked). /api/ready: database reachable, migrations applied, Redis reachable when
 * configured — 200, or 503 with Retry-After; either way it says where the rate limits are counted.
 */
export const createHealthRoutes = ({ db, dependencies, rateLimitStore }: AppDeps) =>
  createRouter()
    .get("/health", responds({ 200: healthResponse }, { summary: "Liveness: the process answers" }), (c) =>
      c.json(healthResponse.parse({ status: "ok" })),
    )
    .get(
      "/ready",
      responds(
        { 200: readinessResponse },
        { summary: "Readiness: database, migrations and Redis", errors: ["UNAVAILABLE"] },
      ),
      async (c) => {
        const checks = await dependencies.check(READY_TIMEOUT_MS);
        let migrationsCheck: ReadinessResponse["checks"]["migrations"] = "unreachable";
        if (checks.database === "ok") {
          try {
            migrationsCheck = (await withTimeout(migrationsApplied(db), READY_TIMEOUT_MS, "database"))
              ? "ok"
              : "pending";
          } catch {
            migrationsCheck = "unreachable";
          }
        }
        const body: ReadinessResponse = {
          status: "ready",
          checks: { database: checks.database, migrations: migrationsCheck, redis: checks.redis },
          rateLimitStore: rateLimitStore.kind,
        };
        const ready = checks.database === "ok" && migrationsCheck === "ok" && checks.redis !== "unreachable";
        if (ready) return c.json(body, 200);
        c.header("Retry-After", String(RETRY_AFTER_SECONDS));
        return c.json({ ...body, status: "unavailable" as const }, 503);
      },
    );
