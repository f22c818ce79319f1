/**
 * A page of newest-first rows read with `limit + 1` (the extra row only tells that more exist): the first
 * `limit` rows as entries, and the cursor of the next page (the last entry's id), or null on the last page.
 */
export function cursorPage<R, E extends { id: number }>(
  rows: readonly R[],
  limit: number,
  toEntry: (row: R) => E,
): { entries: E[]; nextCursor: number | null } {
  const entries = rows.slice(0, limit).map(toEntry);
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > limit && last ? last.id : null };
}
