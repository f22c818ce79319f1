import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { HeldReferralPage, ReferralDecision } from "~/core/api/referrals";
import { api, call } from "~/web/lib/api";

export function getHeldReferrals(page: number, signal?: AbortSignal): Promise<HeldReferralPage> {
  return call(() => api.admin.referrals.held.$get({ query: { page: String(page) } }, { init: { signal } }));
}

export const heldReferralsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ["admin", "referrals", "held", page] as const,
    queryFn: ({ signal }) => getHeldReferrals(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useHeldReferrals(page: number) {
  return useQuery(heldReferralsQueryOptions(page));
}

/** Releases (pays both bonuses) or declines (pays nothing) one held referral bonus pair. */
export const decideReferral = (input: {
  referredId: string;
  decision: "release" | "decline";
  reason: string;
}): Promise<ReferralDecision> => {
  const one = api.admin.referrals[":referredId"];
  const request = { param: { referredId: input.referredId }, json: { reason: input.reason } };
  return call(() => (input.decision === "release" ? one.release.$post(request) : one.decline.$post(request)));
};
