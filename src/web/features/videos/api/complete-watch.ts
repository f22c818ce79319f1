import { useMutation } from "@tanstack/react-query";
import { api, call } from "~/web/lib/api";

/** The player reached the end: the server pays if its own clock agrees the video was watched. */
export function completeWatch(watchId: string) {
  return call(() => api.videos.watches[":watchId"].complete.$post({ param: { watchId } }));
}

export function useCompleteWatch() {
  return useMutation({ mutationFn: completeWatch });
}
