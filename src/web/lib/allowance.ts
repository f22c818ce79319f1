import { queryClient } from "./query-client";

/**
 * The query key of today's earning allowance (GET /api/earning/allowance), shared so that every earning action
 * can refresh the 'Today' panel without knowing the feature that shows it.
 */
export const allowanceQueryKey = (userId: string) => ["earning", "allowance", userId] as const;

/** Refetches the allowance of whoever is signed in (after a win, a paid answer, a watch). */
export function refreshAllowance(): void {
  void queryClient.invalidateQueries({ queryKey: ["earning", "allowance"] });
}
