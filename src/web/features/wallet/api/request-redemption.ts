import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RedemptionChange, RedemptionRequest } from "~/core/api/redemptions";
import { api, call } from "~/web/lib/api";
import { setBalance } from "~/web/lib/balance";

export function requestRedemption(body: RedemptionRequest): Promise<RedemptionChange> {
  return call(() => api.redemptions.$post({ json: body }));
}

export function cancelRedemption(id: number): Promise<RedemptionChange> {
  return call(() => api.redemptions[":id"].cancel.$post({ param: { id: String(id) } }));
}

/** After a request or a cancellation: the server's balance, and the wallet's lists fetched again. */
function useSettle() {
  const queryClient = useQueryClient();
  return (answer: RedemptionChange) => {
    setBalance(answer.balance);
    void queryClient.invalidateQueries({ queryKey: ["wallet"] });
  };
}

export function useRequestRedemption() {
  const settle = useSettle();
  return useMutation({ mutationFn: requestRedemption, onSuccess: settle });
}

export function useCancelRedemption() {
  const settle = useSettle();
  return useMutation({ mutationFn: cancelRedemption, onSuccess: settle });
}
