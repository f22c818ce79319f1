import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProposalApproval, ProposalList } from "~/core/api/dual-control";
import { api, call } from "~/web/lib/api";

/** Dual-control proposals waiting for a second administrator, oldest first. */
export function getProposals(signal?: AbortSignal): Promise<ProposalList> {
  return call(() =>
    api.admin.proposals.$get({ query: { status: "proposed", limit: "100" } }, { init: { signal } }),
  );
}

export const proposalsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "proposals", "proposed"] as const,
    queryFn: ({ signal }) => getProposals(signal),
    staleTime: 0,
  });

export const useProposals = () => useQuery(proposalsQueryOptions());

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
