import { useMutation } from "@tanstack/react-query";
import type { Earned } from "~/core/coins";
import { api, call } from "~/web/lib/api";

/** 'Watch Video (Earn 10 Coins)': the server pays 10 coins (a new ledger cause per click) and answers the total. */
export async function watchVideo(videoId: string): Promise<Earned | null> {
  const { earned } = await call(() => api.videos[":videoId"].watch.$post({ param: { videoId } }));
  return earned;
}

export function useWatchVideo() {
  return useMutation({ mutationFn: watchVideo });
}
