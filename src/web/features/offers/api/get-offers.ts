import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OffersView } from "~/core/api/partners";
import { api, call } from "~/web/lib/api";

/** The signed-in player's partner walls, pending partner coins and recent partner credits. */
export function getOffers(signal?: AbortSignal): Promise<OffersView> {
  return call(() => api.offers.$get(undefined, { init: { signal } }));
}

export const offersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["offers", userId] as const,
    queryFn: ({ signal }) => getOffers(signal),
    // A partner's postback may have arrived since: fetch afresh on every visit.
    staleTime: 0,
  });

export const useOffers = (userId: string) => useQuery(offersQueryOptions(userId));
