import { sql } from "kysely";
import type { CompleteWatchResponse, VideoView, WatchView } from "~/core/api/videos";
import { VIDEO_END_TOLERANCE_MS } from "~/core/earning";
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
  // One statement: the session is opened only for a video of the catalogue.
  const row = await db
    .with("opened", (q) =>
      q
        .insertInto("video_watches")
        .columns(["user_id", "video_id", "started_at"])
        .expression((eb) =>
          eb
            .selectFrom("videos")
            .select([
              eb.val(input.userId).as("user_id"),
              "videos.id",
              eb.val(input.now ?? new Date()).as("started_at"),
            ])
            .where("videos.id", "=", input.videoId),
        )
        .returning(["id", "video_id", "started_at"]),
    )
    .selectFrom("opened")
    .innerJoin("videos", "videos.id", "opened.video_id")
    .select(["opened.id", "opened.video_id", "opened.started_at", "videos.duration_seconds"])
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such video.");
  return {
    id: row.id,
    videoId: row.video_id,
    startedAt: new Date(row.started_at).toISOString(),
    durationSeconds: row.duration_seconds,
  };
}

/**
 * A watch the one-statement completion did not mark: unknown (404), ended too early (not marked completed — the
 * viewer may play it again from the start and finish properly), or completed before (the award below then
 * finds its cause key paid and pays nothing).
 */
async function unfinishedWatch(db: Database, userId: string, watchId: string, now: Date) {
  const watch = await db
    .selectFrom("video_watches")
    .innerJoin("videos", "videos.id", "video_watches.video_id")
    .select([
      "video_watches.id",
      "video_watches.video_id",
      "video_watches.started_at",
      "video_watches.completed_at",
      "videos.duration_seconds",
    ])
    .where("video_watches.id", "=", watchId)
    .where("video_watches.user_id", "=", userId)
    .executeTakeFirst();
  if (!watch) throw new AppError("NOT_FOUND", "No such video watch. Start the video again.");
  const startedAt = new Date(watch.started_at).getTime();
  if (
    !watch.completed_at &&
    now.getTime() - startedAt < watch.duration_seconds * 1000 - VIDEO_END_TOLERANCE_MS
  )
    return "too-early" as const;
  return watch;
}

export async function completeWatch(
  db: Database,
  input: {
    userId: string;
    watchId: string;
    now?: Date;
  },
): Promise<CompleteWatchResponse> {
  const now = input.now ?? new Date();
  // The common case in one statement: a watch of this user, not completed yet, whose video's duration has
  // passed (minus VIDEO_END_TOLERANCE_MS) is marked completed. Anything else is looked at below.
  const watch =
    (await db
      .updateTable("video_watches")
      .from("videos")
      .set({ completed_at: now })
      .whereRef("videos.id", "=", "video_watches.video_id")
      .where("video_watches.id", "=", input.watchId)
      .where("video_watches.user_id", "=", input.userId)
      .where("video_watches.completed_at", "is", null)
      .where(
        sql<boolean>`video_watches.started_at <= ${now}::timestamptz - make_interval(secs => videos.duration_seconds) + make_interval(secs => ${VIDEO_END_TOLERANCE_MS / 1000})`,
      )
      .returning(["video_watches.id", "video_watches.video_id", "video_watches.started_at"])
      .executeTakeFirst()) ?? (await unfinishedWatch(db, input.userId, input.watchId, now));
  if (watch === "too-early") return { earned: null, unpaidReason: "too-early" };
  const startedAt = new Date(watch.started_at);
  const result = await award(db, {
    userId: input.userId,
    kind: "video_watch",
    causeKey: watchCauseKey(watch.id),
    occurredAt: startedAt,
    subjectId: watch.video_id,
  });
  return { earned: earnedFrom(result), unpaidReason: result.limited ? "daily-limit" : null };
}
