import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ReferralsView } from "~/core/api/referrals";
import { api, call } from "~/web/lib/api";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";

/** The signed-in user's referral code, link and referred friends. */
export function getReferrals(signal?: AbortSignal): Promise<ReferralsView> {
  return call(() => api.referrals.$get(undefined, { init: { signal } }));
}

export const referralsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["referrals", userId] as const,
    queryFn: ({ signal }) => getReferrals(signal),
    // A friend's bonus state changes when they earn: fetch afresh on every visit.
    staleTime: 0,
  });

/**
 * The query, plus the notices (docs/product.md): a failed request → 'Error fetching referral code' / its message;
 * an answer without a code → 'Error' / 'Could not fetch your referral code.'.
 */
export function useReferrals(userId: string) {
  const query = useQuery(referralsQueryOptions(userId));
  const { error } = query;
  const codeMissing = query.data !== undefined && !query.data.code;
  useEffect(() => {
    if (error)
      notify({
        title: "Error fetching referral code",
        description: error.message,
        variant: "destructive",
        reference: referenceOf(error),
      });
  }, [error]);
  useEffect(() => {
    if (codeMissing)
      notify({ title: "Error", description: "Could not fetch your referral code.", variant: "destructive" });
  }, [codeMissing]);
  return query;
}
