import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageSettings, MessageSettingsUpdate } from "~/core/api/messages";
import { api, call } from "~/web/lib/api";

export function getMessageSettings(signal?: AbortSignal): Promise<MessageSettings> {
  return call(() => api.messages.settings.$get(undefined, { init: { signal } }));
}

export const messageSettingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["messages", userId, "settings"] as const,
    queryFn: ({ signal }) => getMessageSettings(signal),
  });

export function useMessageSettings(userId: string) {
  return useQuery(messageSettingsQueryOptions(userId));
}

export function useUpdateMessageSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: MessageSettingsUpdate) => call(() => api.messages.settings.$put({ json: update })),
    onSuccess: (settings) => queryClient.setQueryData(messageSettingsQueryOptions(userId).queryKey, settings),
  });
}
