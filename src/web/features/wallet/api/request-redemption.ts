import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Redemption, RedemptionRequest } from "~/core/redemptions";
import { apiFetch } from "~/web/lib/api-client";
import { setBalance } from "~/web/lib/balance";

export interface RedemptionAnswer {
  redemption: Redemption;
  balance: number;
}

export function requestRedemption(body: RedemptionRequest): Promise<RedemptionAnswer> {
  return apiFetch<RedemptionAnswer>("/api/redemptions", { body });
}

export function cancelRedemption(id: number): Promise<RedemptionAnswer> {
  return apiFetch<RedemptionAnswer>(`/api/redemptions/${id}/cancel`, { method: "POST" });
}

/** After a request or a cancellation: the server's balance, and the wallet's lists fetched again. */
function useSettle() {
  const queryClient = useQueryClient();
  return (answer: RedemptionAnswer) => {
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
