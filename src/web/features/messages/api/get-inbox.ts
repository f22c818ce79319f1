import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InboxPage } from "~/core/api/messages";
import { api, call } from "~/web/lib/api";

/** GET /api/messages: a page of the inbox, newest first (`before`: the cursor of the page before). */
export function getInbox(before?: number, signal?: AbortSignal): Promise<InboxPage> {
  return call(() => api.messages.$get({ query: before ? { before } : {} }, { init: { signal } }));
}

export const inboxQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ["messages", userId, "inbox"] as const,
    queryFn: ({ pageParam, signal }) => getInbox(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The unread count in the header: looked at again every minute while the app is open.
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export function useInbox(userId: string) {
  return useInfiniteQuery(inboxQueryOptions(userId));
}

/** Marks the messages up to `upTo` read (the ones the menu showed); the inbox is fetched again. */
export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => call(() => api.messages.read.$post({ json: { upTo } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueryOptions(userId).queryKey }),
  });
}
