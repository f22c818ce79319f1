import { type RefObject, useId } from "react";
import type { VideoView } from "~/core/api/videos";
import { Button } from "~/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/web/components/ui/card";

export interface VideoCardProps {
  video: VideoView;
  /** Guests see 'Login to Watch & Earn', disabled; they can still play the video (and earn nothing). */
  signedIn: boolean;
  /** True while this card's paid watch is running (started, not yet ended). */
  watching: boolean;
  /** True while any watch is being started: one at a time. */
  busy: boolean;
  /** The video's paid watches are used up today: its button plays it without a watch and says so first. */
  paidToday?: boolean;
  playerRef?: RefObject<HTMLVideoElement | null>;
  onWatch: (video: VideoView) => void;
  onEnded: (video: VideoView) => void;
}

/** A video with a native, keyboard-usable player and captions, its title and the watch button. */
export function VideoCard({
  video,
  signedIn,
  watching,
  busy,
  paidToday = false,
  playerRef,
  onWatch,
  onEnded,
}: VideoCardProps) {
  const titleId = useId();
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <video
        ref={playerRef}
        className="aspect-video w-full bg-black"
        controls
        muted
        playsInline
        preload="metadata"
        poster={video.posterUrl ?? undefined}
        aria-labelledby={titleId}
        onEnded={() => onEnded(video)}
      >
        <source src={video.sourceUrl} type={video.sourceType} />
        {video.captionsUrl ? (
          <track kind="captions" src={video.captionsUrl} srcLang="en" label="English" default />
        ) : null}
      </video>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {video.title}
        </CardTitle>
        <CardDescription>{video.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="text-sm text-muted-foreground">{`${video.durationSeconds} seconds`}</p>
        {signedIn && paidToday && !watching ? (
          <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400">Paid today ✓</p>
        ) : null}
        {watching ? (
          <p role="status" className="mt-2 text-sm font-medium">
            Watching — the coins are paid when the video ends.
          </p>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          disabled={!signedIn || busy || watching}
          aria-busy={watching || undefined}
          onClick={() => onWatch(video)}
        >
          {!signedIn
            ? "Login to Watch & Earn"
            : paidToday
              ? "Watch Again (No Coins Today)"
              : `Watch Video (Earn ${video.reward} Coins)`}
        </Button>
      </CardFooter>
    </Card>
  );
}
