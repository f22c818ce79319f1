import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Proposal } from "~/core/api/dual-control";
import type { AdminRedemptionList, Redemption } from "~/core/api/redemptions";
import type { RedemptionStatus } from "~/core/redemptions";

/** A status, or `open`: what still needs an administrator (pending, payout failed, approved and not paid). */
export type QueueFilter = RedemptionStatus | "open";

import { api, call } from "~/web/lib/api";

/** A page of the queue: the first, or the one after the cursor `after` (the previous page's `nextCursor`). */
export function getRedemptionQueue(
  status: QueueFilter | undefined,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<AdminRedemptionList> {
  // 100: the server's default page of the queue.
  const query: { limit: string; status?: QueueFilter; after?: string } = { limit: "100" };
  if (status) query.status = status;
  if (after) query.after = after;
  return call(() => api.admin.redemptions.$get({ query }, { init: { signal } }));
}

export const redemptionQueueQueryOptions = (status: QueueFilter | undefined) =>
  infiniteQueryOptions({
    queryKey: ["admin", "redemptions", status ?? "all"] as const,
    queryFn: ({ pageParam, signal }) => getRedemptionQueue(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useRedemptionQueue = (status: QueueFilter | undefined) =>
  useInfiniteQuery(redemptionQueueQueryOptions(status));

export type RedemptionDecision =
  | { id: number; action: "approve" | "retry" | "recheck" }
  | { id: number; action: "reject"; reason: string; notPaid?: boolean }
  | { id: number; action: "mark-paid"; reference: string };

/** A decision's answer: the redemption as it is now, or (an approval above DUAL_CONTROL_DOLLARS) a proposal. */
export type DecisionAnswer = { redemption: Redemption } | { proposal: Proposal };

export function decideRedemption(decision: RedemptionDecision): Promise<DecisionAnswer> {
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
      return call(() =>
        one.reject.$post({
          param,
          json: { reason: decision.reason, ...(decision.notPaid ? { notPaid: true } : {}) },
        }),
      );
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
