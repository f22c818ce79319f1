import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ProposalApproval, ProposalList } from "~/core/api/dual-control";
import { api, call } from "~/web/lib/api";

/** A page of the proposals waiting for a second administrator, oldest first: the first, or after id `after`. */
export function getProposals(after: number | undefined, signal?: AbortSignal): Promise<ProposalList> {
  const query: { status: "proposed"; limit: string; after?: number } = { status: "proposed", limit: "100" };
  if (after !== undefined) query.after = after;
  return call(() => api.admin.proposals.$get({ query }, { init: { signal } }));
}

export const proposalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["admin", "proposals", "proposed"] as const,
    queryFn: ({ pageParam, signal }) => getProposals(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useProposals = () => useInfiniteQuery(proposalsQueryOptions());

/** The second administrator's approval: applies the proposal. */
export const approveProposal = (id: number): Promise<ProposalApproval> =>
  call(() => api.admin.proposals[":id"].approve.$post({ param: { id: String(id) } }));

/** The proposer takes it back, or another administrator declines it. */
export const withdrawProposal = (input: { id: number; reason: string }) =>
  call(() =>
    api.admin.proposals[":id"].withdraw.$post({
      param: { id: String(input.id) },
      json: { reason: input.reason },
    }),
  );
