import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DualControlState } from "~/core/api/dual-control";
import { api, call } from "~/web/lib/api";

/**
 * Dual control for one user, as the signed-in administrator stands (GET /api/admin/users/{userId}/dual-control):
 * the rule, what they adjusted alone for the user in 24 hours, and the user's waiting proposals. The console
 * decides with the rule of src/core/dual-control.ts whether a confirmation becomes a proposal, and says so first.
 */
export function getDualControl(userId: string, signal?: AbortSignal): Promise<DualControlState> {
  return call(() =>
    api.admin.users[":userId"]["dual-control"].$get({ param: { userId } }, { init: { signal } }),
  );
}

export const dualControlQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["admin", "dual-control", userId] as const,
    queryFn: ({ signal }) => getDualControl(userId, signal),
    staleTime: 0,
  });

export const useDualControl = (userId: string) => useQuery(dualControlQueryOptions(userId));
