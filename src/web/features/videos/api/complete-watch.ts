import { useMutation } from "@tanstack/react-query";
import type { CompleteWatchResponse } from "~/core/videos";
import { apiFetch } from "~/web/lib/api-client";

/** The player reached the end: the server pays if its own clock agrees the video was watched. */
export function completeWatch(watchId: string) {
  return apiFetch<CompleteWatchResponse>(`/api/videos/watches/${encodeURIComponent(watchId)}/complete`, {
    method: "POST",
    body: {},
  });
}

export function useCompleteWatch() {
  return useMutation({ mutationFn: completeWatch });
}
