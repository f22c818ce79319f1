import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Role } from "~/core/admin";
import type { AdjustmentInput, BanInput } from "~/core/api/admin";
import { api, call } from "~/web/lib/api";

/**
 * The administrative changes to one user, one request each. Each mutation refreshes that user's page,
 * the users list, the overview and the audit log (all under the ["admin"] key) when it succeeds.
 */
const user = api.admin.users[":userId"];

export const adjustCoins = (userId: string, body: AdjustmentInput) =>
  call(() => user.adjustments.$post({ param: { userId }, json: body }));

export const banUser = (userId: string, body: BanInput) =>
  call(() => user.ban.$post({ param: { userId }, json: body }));

export const unbanUser = (userId: string, body: { reason: string }) =>
  call(() => user.unban.$post({ param: { userId }, json: body }));

export const revokeSessions = (userId: string, body: { reason: string }) =>
  call(() => user["revoke-sessions"].$post({ param: { userId }, json: body }));

export const changeRole = (userId: string, body: { role: Role; reason: string }) =>
  call(() => user.role.$post({ param: { userId }, json: body }));

export function useAdminMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
