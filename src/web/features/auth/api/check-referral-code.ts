import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReferralCodeCheck } from "~/core/api/referrals";
import { api, call } from "~/web/lib/api";

/** GET /api/referrals/codes/:code: whether a sign-up with `code` would be referred (no session needed). */
export function checkReferralCode(code: string, signal?: AbortSignal): Promise<ReferralCodeCheck> {
  return call(() => api.referrals.codes[":code"].$get({ param: { code } }, { init: { signal } }));
}

export const referralCodeCheckQueryOptions = (code: string | null) =>
  queryOptions({
    queryKey: ["referral-code-check", code] as const,
    queryFn: ({ signal }) => checkReferralCode(code ?? "", signal),
    enabled: code !== null && code.trim() !== "",
    staleTime: 60_000,
    retry: 1,
  });

/** The `?ref=` code's check (none without a code); nothing promises a bonus until it answers `valid`. */
export const useReferralCodeCheck = (code: string | null) => useQuery(referralCodeCheckQueryOptions(code));
