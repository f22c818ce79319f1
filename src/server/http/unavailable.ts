/**
 * Tells a dependency outage from a bug. An error that shows PostgreSQL or Redis to be unreachable becomes a
 * 503 UNAVAILABLE with Retry-After (the client should come back in a moment), not a 500.
 */
export type DependencyName = "database" | "redis";

/** Socket-level failures: the peer is gone, refuses, or never answered. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNABORTED",
]);

/**
 * SQLSTATEs of a server going away or refusing connections: class 08 (connection exception), 57P01-57P03
 * (admin shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
 */
const isUnavailableSqlState = (code: string) =>
  code.startsWith("08") || /^57P0[123]$/.test(code) || code === "53300";

const PG_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /terminating connection/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Connection terminated unexpectedly/i,
];

const REDIS_MESSAGES = [
  /enableOfflineQueue/i,
  /^Connection is closed/i,
  /Reached the max retries per request limit/i,
  /^Redis is not reachable/i,
];

function one(error: unknown): DependencyName | null {
  if (!(error instanceof Error)) return null;
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  if (error.name === "MaxRetriesPerRequestError" || REDIS_MESSAGES.some((re) => re.test(error.message)))
    return "redis";
  if (
    isUnavailableSqlState(code) ||
    SOCKET_CODES.has(code) ||
    PG_MESSAGES.some((re) => re.test(error.message))
  )
    return "database";
  return null;
}

/** The dependency an error (or one of its causes, or an AggregateError's members) shows to be unreachable. */
export function unavailableDependency(error: unknown, depth = 0): DependencyName | null {
  if (depth > 5 || !(error instanceof Error)) return null;
  const direct = one(error);
  if (direct) return direct;
  if (error instanceof AggregateError)
    for (const inner of error.errors) {
      const found = unavailableDependency(inner, depth + 1);
      if (found) return found;
    }
  return unavailableDependency(error.cause, depth + 1);
}
