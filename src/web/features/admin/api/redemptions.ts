import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminRedemptionList, Redemption, RedemptionStatus } from "~/core/redemptions";
import { api, call } from "~/web/lib/api";

export function getRedemptionQueue(
  status: RedemptionStatus | undefined,
  signal?: AbortSignal,
): Promise<AdminRedemptionList> {
  // 100: the server's default page of the queue.
  const query = status ? { status, limit: "100" } : { limit: "100" };
  return call(() => api.admin.redemptions.$get({ query }, { init: { signal } }));
}

export const redemptionQueueQueryOptions = (status: RedemptionStatus | undefined) =>
  queryOptions({
    queryKey: ["admin", "redemptions", status ?? "all"] as const,
    queryFn: ({ signal }) => getRedemptionQueue(status, signal),
    staleTime: 0,
  });

export const useRedemptionQueue = (status: RedemptionStatus | undefined) =>
  useQuery(redemptionQueueQueryOptions(status));

export type RedemptionDecision =
  | { id: number; action: "approve" | "retry" | "recheck" }
  | { id: number; action: "reject"; reason: string }
  | { id: number; action: "mark-paid"; reference: string };

export function decideRedemption(decision: RedemptionDecision): Promise<{ redemption: Redemption }> {
  const one = api.admin.redemptions[":id"];
  const param = { id: String(decision.id) };
  switch (decision.action) {
    case "approve":
      return call(() => one.approve.$post({ param }));
    case "retry":
      return call(() => one.retry.$post({ param }));
    case "recheck":
      return call(() => one.recheck.$post({ param }));
    case "reject":
      return call(() => one.reject.$post({ param, json: { reason: decision.reason } }));
    case "mark-paid":
      return call(() => one["mark-paid"].$post({ param, json: { reference: decision.reference } }));
  }
}

/** One decision; the queue and the overview are fetched again after it. */
export function useDecideRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRedemption,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
