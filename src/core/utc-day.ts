/**
 * The UTC day every daily earning limit counts against, and how long until it starts over (docs/product.md,
 * "Fair earning"). No zod here: the browser's "Today" panel imports it on every earning page.
 */

/** "2026-11-23": the UTC day an earning counts against. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The next UTC midnight after `at`: when every daily limit starts over. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** "5 h 12 min", "3 min", "less than a minute": the time until the allowance resets. */
export function formatResetIn(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
