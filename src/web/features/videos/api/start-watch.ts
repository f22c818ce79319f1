import { useMutation } from "@tanstack/react-query";
import { api, call } from "~/web/lib/api";

/** 'Watch Video (Earn 10 Coins)': starts the server's clock for a watch of `videoId`. */
export async function startWatch(videoId: string) {
  const { watch } = await call(() => api.videos[":videoId"].watches.$post({ param: { videoId } }));
  return watch;
}

export function useStartWatch() {
  return useMutation({ mutationFn: startWatch });
}
