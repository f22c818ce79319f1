import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminRedemptionList, Redemption, RedemptionStatus } from "~/core/redemptions";
import { apiFetch } from "~/web/lib/api-client";

export function getRedemptionQueue(status: RedemptionStatus | undefined, signal?: AbortSignal) {
  const query = status ? `?status=${status}` : "";
  return apiFetch<AdminRedemptionList>(`/api/admin/redemptions${query}`, { signal });
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
  | { id: number; action: "approve" | "retry" }
  | { id: number; action: "reject"; reason: string }
  | { id: number; action: "mark-paid"; reference: string };

export function decideRedemption(decision: RedemptionDecision): Promise<{ redemption: Redemption }> {
  const { id, action, ...body } = decision;
  return apiFetch(`/api/admin/redemptions/${id}/${action}`, { body });
}

/** One decision; the queue and the overview are fetched again after it. */
export function useDecideRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRedemption,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
