import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RedeemEligibility, RedemptionList } from "~/core/api/redemptions";
import { api, call } from "~/web/lib/api";

export function getRedemptions(signal?: AbortSignal): Promise<RedemptionList> {
  return call(() => api.redemptions.$get(undefined, { init: { signal } }));
}

export function getRedeemEligibility(signal?: AbortSignal): Promise<RedeemEligibility> {
  return call(() => api.redemptions.eligibility.$get(undefined, { init: { signal } }));
}

/** The user's redemptions (newest first) and the pre-cash-out checklist; per user, fresh on every visit. */
export const redemptionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["wallet", "redemptions", userId] as const,
    queryFn: ({ signal }) => getRedemptions(signal),
    staleTime: 0,
  });

export const eligibilityQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["wallet", "eligibility", userId] as const,
    queryFn: ({ signal }) => getRedeemEligibility(signal),
    staleTime: 0,
  });

export const useRedemptions = (userId: string) => useQuery(redemptionsQueryOptions(userId));
export const useRedeemEligibility = (userId: string, enabled = true) =>
  useQuery({ ...eligibilityQueryOptions(userId), enabled });
