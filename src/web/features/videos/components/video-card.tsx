import { PlayCircle } from "lucide-react";
import type { VideoItem } from "~/core/videos";
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
  video: VideoItem;
  /** Guests see 'Login to Watch & Earn', disabled (SPEC §2). */
  signedIn: boolean;
  /** True while this card's watch is being paid. */
  watching: boolean;
  /** True while any watch is being paid: one at a time. */
  busy: boolean;
  onWatch: (video: VideoItem) => void;
}

/** A placeholder video: a poster where the player would be, its title and the watch button. */
export function VideoCard({ video, signedIn, watching, busy, onWatch }: VideoCardProps) {
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="flex aspect-video items-center justify-center bg-gradient-to-br from-brand-soft to-muted text-brand"
      >
        <PlayCircle className="size-14" />
      </div>
      <CardHeader>
        <CardTitle as="h2">{video.title}</CardTitle>
        <CardDescription>{video.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1" />
      <CardFooter>
        <Button
          className="w-full"
          disabled={!signedIn || busy}
          aria-busy={watching || undefined}
          onClick={() => onWatch(video)}
        >
          {signedIn ? "Watch Video (Earn 10 Coins)" : "Login to Watch & Earn"}
        </Button>
      </CardFooter>
    </Card>
  );
}
