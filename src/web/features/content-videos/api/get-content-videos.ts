import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ContentVideoList } from "~/core/api/content-videos";
import { api, call } from "~/web/lib/api";

/** A page of the console's videos (every state), after the cursor the previous page gave. */
export function getContentVideos(after: string | undefined, signal?: AbortSignal): Promise<ContentVideoList> {
  return call(() => api.admin.videos.$get({ query: after ? { after } : {} }, { init: { signal } }));
}

export const contentVideosQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["content", "videos"] as const,
    queryFn: ({ pageParam, signal }) => getContentVideos(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });

export function useContentVideos() {
  return useInfiniteQuery(contentVideosQueryOptions());
}
