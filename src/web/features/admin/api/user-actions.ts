import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdjustmentInput, AdjustmentResult, BanInput, Role } from "~/core/admin";
import { apiFetch } from "~/web/lib/api-client";

/**
 * The administrative changes to one user, one request each. Each mutation refreshes that user's page,
 * the users list, the overview and the audit log (all under the ["admin"] key) when it succeeds.
 */
const base = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

export const adjustCoins = (userId: string, body: AdjustmentInput) =>
  apiFetch<AdjustmentResult>(`${base(userId)}/adjustments`, { body });

export const banUser = (userId: string, body: BanInput) =>
  apiFetch<{ banned: true; sessionsEnded: number }>(`${base(userId)}/ban`, { body });

export const unbanUser = (userId: string, body: { reason: string }) =>
  apiFetch<{ banned: false }>(`${base(userId)}/unban`, { body });

export const revokeSessions = (userId: string, body: { reason: string }) =>
  apiFetch<{ sessionsEnded: number }>(`${base(userId)}/revoke-sessions`, { body });

export const changeRole = (userId: string, body: { role: Role; reason: string }) =>
  apiFetch<{ role: Role; changed: boolean }>(`${base(userId)}/role`, { body });

export function useAdminMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
