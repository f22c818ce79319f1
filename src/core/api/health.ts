import { z } from "zod";

/** GET /api/health: the process is up (no dependency is asked). */
export const healthResponse = z.object({ status: z.literal("ok") });

export const dependencyCheck = z.enum(["ok", "unreachable", "not configured", "pending"]);

/**
 * GET /api/ready: 200 with status 'ready' when the database answers, every migration is applied and Redis (when
 * configured) answers; otherwise 503 with status 'unavailable' and Retry-After. What a load balancer polls.
 */
export const readinessResponse = z.object({
  status: z.enum(["ready", "unavailable"]),
  checks: z.object({
    database: dependencyCheck,
    /** 'pending' when the database has fewer migrations applied than this build knows. */
    migrations: dependencyCheck,
    redis: dependencyCheck,
  }),
  rateLimitStore: z
    .enum(["redis", "memory"])
    .describe(
      "Where the rate-limit counters live: 'redis' (REDIS_URL set) — shared by every process, forgotten when Redis restarts without persistence; 'memory' — each process counts alone, forgotten when it restarts.",
    ),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;
