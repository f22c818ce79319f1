import { z } from "zod";
import type { UnpaidReason } from "../earning";
import { earnedSchema } from "./earned";

/**
 * The videos API contract ('Watch & Earn'). The catalogue lives in the database (one row per video); a
 * signed-in watch is a server session that pays when the player reports the end no sooner than the video's
 * duration (minus a small tolerance) after the session started.
 */

export const videoIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/);

export const videoViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  durationSeconds: z.number(),
  /** Our /media/videos/… file or an external URL. */
  sourceUrl: z.string(),
  /** MIME type of the source, e.g. video/webm. */
  sourceType: z.string(),
  /** WebVTT captions, when there are any. */
  captionsUrl: z.string().nullable(),
  /** A still shown before the video plays, when there is one. */
  posterUrl: z.string().nullable(),
  /** Coins a full watch pays. */
  reward: z.number().int(),
});

export const videosResponseSchema = z.object({ videos: z.array(videoViewSchema) });

export const watchViewSchema = z.object({
  id: z.string(),
  videoId: z.string(),
  startedAt: z.iso.datetime(),
  durationSeconds: z.number(),
});

export const startWatchResponseSchema = z.object({ watch: watchViewSchema });

export const completeWatchResponseSchema = z.object({
  /** The coins this watch paid, or null. */
  earned: earnedSchema.nullable(),
  /** Why it paid nothing: ended too early, or the video's daily paid watches are used up. */
  unpaidReason: z.enum(["daily-limit", "too-early"] as const satisfies readonly UnpaidReason[]).nullable(),
});

export type VideoView = z.output<typeof videoViewSchema>;
export type VideosResponse = z.output<typeof videosResponseSchema>;
export type WatchView = z.output<typeof watchViewSchema>;
export type StartWatchResponse = z.output<typeof startWatchResponseSchema>;
export type CompleteWatchResponse = z.output<typeof completeWatchResponseSchema>;
