import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { HeldCreditDecision, HeldCreditList } from "~/core/api/partners";
import { api, call } from "~/web/lib/api";

/** GET /api/admin/partners/held: partner credits held for review, newest first, a page at a time by key. */
export function getHeldCredits(after: number | undefined, signal?: AbortSignal): Promise<HeldCreditList> {
  const query = after === undefined ? { limit: "20" } : { limit: "20", after };
  return call(() => api.admin.partners.held.$get({ query }, { init: { signal } }));
}

export const heldCreditsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["admin", "partners", "held"] as const,
    queryFn: ({ pageParam, signal }) => getHeldCredits(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useHeldCredits = () => useInfiniteQuery(heldCreditsQueryOptions());

/** Releases (paid now, or pending until its release date) or declines (paid nothing) one held credit. */
export const decideHeldCredit = (input: {
  id: number;
  decision: "release" | "decline";
  reason: string;
}): Promise<HeldCreditDecision> => {
  const one = api.admin.partners.held[":id"];
  const request = { param: { id: String(input.id) }, json: { reason: input.reason } };
  return call(() => (input.decision === "release" ? one.release.$post(request) : one.decline.$post(request)));
};
