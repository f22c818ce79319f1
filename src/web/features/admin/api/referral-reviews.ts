import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { HeldReferralPage, ReferralDecision } from "~/core/admin";
import { apiFetch } from "~/web/lib/api-client";

export function getHeldReferrals(page: number, signal?: AbortSignal): Promise<HeldReferralPage> {
  return apiFetch<HeldReferralPage>(`/api/admin/referrals/held?page=${page}`, { signal });
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
}) =>
  apiFetch<ReferralDecision>(
    `/api/admin/referrals/${encodeURIComponent(input.referredId)}/${input.decision}`,
    { body: { reason: input.reason } },
  );
