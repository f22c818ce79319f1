import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PartnerNumbers } from "~/core/api/partner-numbers";
import { api, call } from "~/web/lib/api";

/** GET /api/admin/partners/numbers?days=30: the earning partners' last 30 days (the console's overview). */
export function getPartnerNumbers(signal?: AbortSignal): Promise<PartnerNumbers> {
  return call(() => api.admin.partners.numbers.$get({ query: { days: "30" } }, { init: { signal } }));
}

export const partnerNumbersQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "partner-numbers", 30] as const,
    queryFn: ({ signal }) => getPartnerNumbers(signal),
    staleTime: 0,
  });

export const usePartnerNumbers = () => useQuery(partnerNumbersQueryOptions());

/** The URL of a partner's month as CSV (a download: the session cookie goes with it). */
export const statementUrl = (partnerId: number, month: string) =>
  `/api/admin/partners/${partnerId}/statement.csv?month=${encodeURIComponent(month)}`;
