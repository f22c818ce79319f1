import { utcDay, VIDEO_END_TOLERANCE_MS } from "~/core/earning";
import type { CompleteWatchResponse, VideoView, WatchView } from "~/core/videos";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { watchCauseKey } from "../ledger/cause-keys";
import { award, earnedFrom } from "../ledger/ledger.service";

/**
 * Real video watches: the catalogue (table `videos`), and watch sessions (table `video_watches`) that pay
 * 10 coins when the player reports the end and the server's clock says the video's duration (minus
 * VIDEO_END_TOLERANCE_MS) has passed since the session started. Each video pays `perDay` watches per UTC day
 * (decided in the award's transaction); each session pays at most once (cause key `video-watch:<watchId>`).
 */

export async function listVideos(db: Database): Promise<VideoView[]> {
  const rows = await db.selectFrom("videos").selectAll().orderBy("position").orderBy("id").execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    durationSeconds: r.duration_seconds,
    sourceUrl: r.source_url,
    sourceType: r.source_type,
    captionsUrl: r.captions_url,
  }));
}

export async function startWatch(
  db: Database,
  input: { userId: string; videoId: string; now?: Date },
): Promise<WatchView> {
  const video = await db
    .selectFrom("videos")
    .select(["id", "duration_seconds"])
    .where("id", "=", input.videoId)
    .executeTakeFirst();
  if (!video) throw new AppError("NOT_FOUND", "No such video.");
  const row = await db
    .insertInto("video_watches")
    .values({ user_id: input.userId, video_id: video.id, started_at: input.now ?? new Date() })
    .returning(["id", "started_at"])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    videoId: video.id,
    startedAt: new Date(row.started_at).toISOString(),
    durationSeconds: video.duration_seconds,
  };
}

export async function completeWatch(
  db: Database,
  input: {
    userId: string;
    watchId: string;
    perDay: number;
    referralBonusesPer30Days?: number | undefined;
    now?: Date;
  },
): Promise<CompleteWatchResponse> {
  const watch = await db
    .selectFrom("video_watches")
    .innerJoin("videos", "videos.id", "video_watches.video_id")
    .select([
      "video_watches.id",
      "video_watches.video_id",
      "video_watches.started_at",
      "videos.duration_seconds",
    ])
    .where("video_watches.id", "=", input.watchId)
    .where("video_watches.user_id", "=", input.userId)
    .executeTakeFirst();
  if (!watch) throw new AppError("NOT_FOUND", "No such video watch. Start the video again.");
  const now = input.now ?? new Date();
  const startedAt = new Date(watch.started_at);
  // Not marked completed: the viewer may play it again from the start and finish properly.
  if (now.getTime() - startedAt.getTime() < watch.duration_seconds * 1000 - VIDEO_END_TOLERANCE_MS)
    return { earned: null, unpaidReason: "too-early" };
  await db
    .updateTable("video_watches")
    .set({ completed_at: now })
    .where("id", "=", watch.id)
    .where("completed_at", "is", null)
    .execute();
  const result = await award(db, {
    userId: input.userId,
    kind: "video_watch",
    causeKey: watchCauseKey(watch.id),
    limit: { key: `video_watch:${watch.video_id}:${utcDay(startedAt)}`, max: input.perDay },
    referralBonusesPer30Days: input.referralBonusesPer30Days,
  });
  return { earned: earnedFrom(result), unpaidReason: result.limited ? "daily-limit" : null };
}
