import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Proposal } from "~/core/api/dual-control";
import type { KycDecisionInput, KycDecisionResult } from "~/core/api/kyc";
import { api, call } from "~/web/lib/api";

/** A decision, or — for an approval that needs a second administrator — the proposal it became (202). */
export function decideKyc(
  id: string,
  decision: KycDecisionInput,
): Promise<KycDecisionResult | { proposal: Proposal }> {
  return call(() => api.admin.kyc[":id"].decision.$post({ param: { id }, json: decision }));
}

export function useDecideKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: KycDecisionInput }) => decideKyc(id, decision),
    // The queue, the submission and the overview's pending count all change. Not awaited: the caller's own
    // callbacks run first, before the refetched queue drops the decided submission (and unmounts its panel).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
    },
  });
}
