import { z } from "zod";
import type { Earned } from "./coins";
import type { UnpaidReason } from "./earning";

/**
 * The videos API contract ('Watch & Earn'). The catalogue lives in the database (one row per video); a
 * signed-in watch is a server session that pays when the player reports the end no sooner than the video's
 * duration (minus a small tolerance) after the session started.
 */

export const videoIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/);

export interface VideoView {
  id: string;
  title: string;
  description: string;
  durationSeconds: number;
  /** Our /media/videos/… file or an external URL. */
  sourceUrl: string;
  /** MIME type of the source, e.g. video/webm. */
  sourceType: string;
  /** WebVTT captions, when there are any. */
  captionsUrl: string | null;
}

export interface VideosResponse {
  videos: VideoView[];
}

export interface WatchView {
  id: string;
  videoId: string;
  startedAt: string;
  durationSeconds: number;
}

export interface StartWatchResponse {
  watch: WatchView;
}

export interface CompleteWatchResponse {
  /** The coins this watch paid, or null. */
  earned: Earned | null;
  /** Why it paid nothing: ended too early, or the video's daily paid watches are used up. */
  unpaidReason: Extract<UnpaidReason, "daily-limit" | "too-early"> | null;
}
