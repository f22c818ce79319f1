import { useRef, useState } from "react";
import type { VideoView } from "~/core/api/videos";
import { Button } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { ApiError } from "~/web/lib/api-client";
import { useEarning } from "~/web/lib/earning";
import { notify } from "~/web/lib/notify";
import { useCompleteWatch } from "../api/complete-watch";
import { useVideos } from "../api/get-videos";
import { useStartWatch } from "../api/start-watch";
import { VideoCard } from "./video-card";
import { type PlayedVideo, VideoPlayedDialog } from "./video-played-dialog";

/** Notices for a watch that ended but paid nothing. */
const unpaidNotices = {
  "too-early": {
    title: "Watch the Whole Video",
    description: "The video ended sooner than its length. Watch it to the end to earn coins.",
  },
  "daily-limit": {
    title: "Daily Limit Reached",
    description: "You have been paid for this video today. It pays again tomorrow.",
  },
} as const;

/**
 * The catalogue's videos. 'Watch Video (Earn 10 Coins)' starts a watch on the server and plays the video from
 * the start (a video paid today says 'Paid today ✓' and 'Watch Again (No Coins Today)', and just plays); when it ends the server pays 10 coins if its own clock agrees, then 'Coins Earned!' and the alert.
 * Guests can play the videos; their button is disabled.
 */
export function VideoGallery({
  signedIn,
  paidVideoIds = [],
}: {
  signedIn: boolean;
  /** Videos whose paid watches are used up today (the allowance): they play without a watch. */
  paidVideoIds?: readonly string[];
}) {
  const videos = useVideos();
  const start = useStartWatch();
  const complete = useCompleteWatch();
  const { settle, fail } = useEarning();
  const [watch, setWatch] = useState<{ id: string; videoId: string } | null>(null);
  const [played, setPlayed] = useState<PlayedVideo | null>(null);
  const players = useRef(new Map<string, HTMLVideoElement | null>());

  async function onWatch(video: VideoView) {
    const player = players.current.get(video.id);
    if (paidVideoIds.includes(video.id)) {
      // Paid today already: the button said so; the video just plays, and no watch is opened to be refused.
      if (player) {
        player.currentTime = 0;
        player.focus();
        await player.play().catch(() => undefined);
      }
      return;
    }
    try {
      const started = await start.mutateAsync(video.id);
      setWatch({ id: started.id, videoId: video.id });
      if (player) {
        player.currentTime = 0;
        player.focus();
        await player.play().catch(() => undefined);
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === "RATE_LIMITED")
        notify({
          title: "Too Many Requests",
          description: "You are starting videos faster than anyone can watch them. Please wait a minute.",
          variant: "destructive",
        });
      else fail(error);
    }
  }

  // mutateAsync, not mutate's callbacks: the coins are settled even if the user has left the page meanwhile.
  async function onEnded(video: VideoView) {
    if (!watch || watch.videoId !== video.id) return;
    setWatch(null);
    try {
      const result = await complete.mutateAsync(watch.id);
      // A paid watch is told once, by the 'thanks for watching' dialog.
      settle(result.earned, Boolean(result.earned?.amount));
      if (result.earned) setPlayed({ title: video.title, amount: result.earned.amount });
      else if (result.unpaidReason) notify(unpaidNotices[result.unpaidReason]);
    } catch (error) {
      fail(error);
    }
  }

  if (videos.isPending)
    return (
      <div className="flex justify-center">
        <Spinner label="Loading videos" />
      </div>
    );
  if (videos.isError)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 text-center">
        <p role="alert">Could not load the videos. {videos.error.message}</p>
        <Button variant="outline" onClick={() => void videos.refetch()}>
          Try again
        </Button>
      </div>
    );

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {videos.data.map((video) => (
          <li key={video.id} className="flex">
            <VideoCard
              video={video}
              signedIn={signedIn}
              watching={watch?.videoId === video.id}
              busy={start.isPending}
              paidToday={paidVideoIds.includes(video.id)}
              playerRef={{
                get current() {
                  return players.current.get(video.id) ?? null;
                },
                set current(el) {
                  players.current.set(video.id, el);
                },
              }}
              onWatch={(v) => void onWatch(v)}
              onEnded={(v) => void onEnded(v)}
            />
          </li>
        ))}
      </ul>
      <VideoPlayedDialog played={played} onClose={() => setPlayed(null)} />
    </>
  );
}
