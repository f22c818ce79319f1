import { useState } from "react";
import { rewards } from "~/core/coins";
import { videos } from "~/core/videos";
import { ApiError } from "~/web/lib/api-client";
import { useEarning } from "~/web/lib/earning";
import { notify } from "~/web/lib/notify";
import { useWatchVideo } from "../api/watch-video";
import { VideoCard } from "./video-card";
import { type PlayedVideo, VideoPlayedDialog } from "./video-played-dialog";

/**
 * The three placeholder videos. A signed-in click pays 10 coins on the server; the nav shows them at once
 * (rolled back on failure), then 'Coins Earned!' and the alert. Guests get disabled buttons.
 */
export function VideoGallery({ signedIn }: { signedIn: boolean }) {
  const watch = useWatchVideo();
  const { begin, settle, fail } = useEarning();
  const [played, setPlayed] = useState<PlayedVideo | null>(null);

  // mutateAsync, not mutate's callbacks: the coins are settled even if the user has left the page meanwhile.
  async function onWatch(video: (typeof videos)[number]) {
    const rollback = begin(rewards.video_watch.amount);
    try {
      const earned = await watch.mutateAsync(video.id);
      settle(earned);
      setPlayed({ title: video.title, amount: earned?.amount ?? 0 });
    } catch (error) {
      if (error instanceof ApiError && error.code === "RATE_LIMITED") {
        rollback();
        notify({
          title: "Too Many Requests",
          description: "You are watching videos faster than anyone can. Please wait a minute and try again.",
          variant: "destructive",
        });
      } else fail(error, rollback);
    }
  }

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {videos.map((video) => (
          <li key={video.id} className="flex">
            <VideoCard
              video={video}
              signedIn={signedIn}
              watching={watch.isPending && watch.variables === video.id}
              busy={watch.isPending}
              onWatch={(v) => void onWatch(v)}
            />
          </li>
        ))}
      </ul>
      <VideoPlayedDialog played={played} onClose={() => setPlayed(null)} />
    </>
  );
}
