import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VideosResponse } from "~/core/videos";
import { apiFetch } from "~/web/lib/api-client";

export async function getVideos(signal?: AbortSignal) {
  return (await apiFetch<VideosResponse>("/api/videos", { signal })).videos;
}

export const videosQueryOptions = () =>
  queryOptions({ queryKey: ["videos"] as const, queryFn: ({ signal }) => getVideos(signal) });

export function useVideos() {
  return useQuery(videosQueryOptions());
}
