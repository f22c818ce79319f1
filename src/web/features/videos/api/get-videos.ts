import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, call } from "~/web/lib/api";

export async function getVideos(signal?: AbortSignal) {
  return (await call(() => api.videos.$get(undefined, { init: { signal } }))).videos;
}

export const videosQueryOptions = () =>
  queryOptions({ queryKey: ["videos"] as const, queryFn: ({ signal }) => getVideos(signal) });

export function useVideos() {
  return useQuery(videosQueryOptions());
}
