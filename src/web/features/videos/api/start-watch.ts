import { useMutation } from "@tanstack/react-query";
import type { StartWatchResponse } from "~/core/videos";
import { apiFetch } from "~/web/lib/api-client";

/** 'Watch Video (Earn 10 Coins)': starts the server's clock for a watch of `videoId`. */
export async function startWatch(videoId: string) {
  const { watch } = await apiFetch<StartWatchResponse>(`/api/videos/${encodeURIComponent(videoId)}/watches`, {
    method: "POST",
    body: {},
  });
  return watch;
}

export function useStartWatch() {
  return useMutation({ mutationFn: startWatch });
}
