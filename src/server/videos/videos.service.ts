import { type Selectable, sql } from "kysely";
import type { CompleteWatchResponse, VideoView, WatchView } from "~/core/api/videos";
import { VIDEO_END_TOLERANCE_MS } from "~/core/earning";
import { type Earner, earnerSql, earnerToken, NO_SESSION } from "../auth/earner";
import type { Database } from "../db/client";
import type { VideoTable } from "../db/schema-content";
import { AppError } from "../errors";
import { watchCauseKey } from "../ledger/cause-keys";
import { type AwardSource, award, awardFrom, earnedFrom } from "../ledger/ledger.service";

/**
 * Real video watches: the catalogue (table `videos`, the live videos), and watch sessions (table `video_watches`)
 * that pay the video's reward (at most 10 coins) when the player reports the end and the server's clock says the video's duration (minus
 * VIDEO_END_TOLERANCE_MS) has passed since the session started. Each video pays `perDay` watches per UTC day
 * (decided in the award's transaction); each session pays at most once (cause key `video-watch:<watchId>`).
 */

/** Where a video is live at `now`: published (no publish at, or it has come) and not retired yet. */
export const liveVideoSql = (now: Date) =>
  sql<boolean>`(videos.publish_at is null or videos.publish_at <= ${now})
    and (videos.retire_at is null or videos.retire_at > ${now})`;

/**
 * The players' catalogue: the videos live at `now` (docs/product.md, "Content operations"), in the console's
 * order. Read on every request (no cache), so an editor's change shows at once; bounded, as the console keeps a
 * catalogue of at most CATALOGUE_MAX live videos in view.
 */
export const CATALOGUE_MAX = 100;

export async function listVideos(db: Database, now = new Date()): Promise<VideoView[]> {
  const rows = await db
    .selectFrom("videos")
    .selectAll()
    .where(liveVideoSql(now))
    .orderBy("position")
    .orderBy("id")
    .limit(CATALOGUE_MAX)
    .execute();
  return rows.map(toVideoView);
}

/** A catalogue row as players see it; the console's view (video-content.service.ts) adds its settings. */
export function toVideoView(r: Selectable<VideoTable>): VideoView {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    durationSeconds: r.duration_seconds,
    sourceUrl: r.source_url,
    sourceType: r.source_type,
    captionsUrl: r.captions_url,
    posterUrl: r.poster_url,
    reward: r.reward,
  };
}

/**
 * Opens a watch session for `earner` (auth/earner.ts) in one statement: the acting user (the session's own check
 * or a known id) and the insert, made only for a video of the catalogue. NO_SESSION when the session's check did
 * not hold (nothing was written).
 */
export async function startWatch(
  db: Database,
  input: { earner: Earner; videoId: string; now?: Date },
): Promise<WatchView | typeof NO_SESSION> {
  const { rows } = await sql<{
    user_id: string | null;
    id: string | null;
    video_id: string;
    started_at: Date;
    duration_seconds: number;
  }>`
    with me as (select ${earnerSql(input.earner)} as id),
    quick as (select set_config('synchronous_commit', 'off', true) as commit_mode),
    opened as (
      insert into video_watches (user_id, video_id, started_at)
      select me.id, videos.id, ${input.now ?? new Date()} from me, quick, videos
      where me.id is not null and quick.commit_mode = 'off' and videos.id = ${input.videoId}
        and ${liveVideoSql(input.now ?? new Date())}
      returning id, video_id, started_at)
    select me.id as user_id, opened.id, opened.video_id, opened.started_at, videos.duration_seconds
    from me left join opened on true left join videos on videos.id = opened.video_id`.execute(db);
  const row = rows[0];
  if (!row?.user_id) return NO_SESSION;
  if (!row.id) throw new AppError("NOT_FOUND", "No such video.");
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
      "videos.reward",
      "videos.watches_per_day",
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

/**
 * Reports the end of a watch for `earner`: the common case — a watch of this user, not completed yet, whose
 * video's duration has passed (minus VIDEO_END_TOLERANCE_MS) — is marked completed and paid by the ledger's award
 * in one statement (awardFrom), the session's check included. Anything else is looked at below. NO_SESSION when
 * the session's check did not hold (nothing was done); else the answer and the user it was for.
 */
export async function completeWatch(
  db: Database,
  input: { earner: Earner; watchId: string; now?: Date },
): Promise<{ userId: string; answer: CompleteWatchResponse } | typeof NO_SESSION> {
  const now = input.now ?? new Date();
  const causeKey = watchCauseKey(input.watchId);
  const { actorId: userId, decided } = await awardFrom(
    db,
    "video_watch",
    earnerSql(input.earner),
    (me) => sql<AwardSource>`
      update video_watches set completed_at = ${now} from videos
      where videos.id = video_watches.video_id and video_watches.id = ${input.watchId}
        and video_watches.user_id = ${me} and video_watches.completed_at is null
        and video_watches.started_at <= ${now}::timestamptz - make_interval(secs => videos.duration_seconds)
          + make_interval(secs => ${VIDEO_END_TOLERANCE_MS / 1000})
      returning video_watches.user_id, ${causeKey}::text as cause_key, video_watches.video_id as subject_id,
        video_watches.started_at as occurred_at, videos.reward, videos.watches_per_day as per_day`,
    earnerToken(input.earner),
  );
  if (!userId) return NO_SESSION;
  let result = decided?.result;
  if (!result) {
    const watch = await unfinishedWatch(db, userId, input.watchId, now);
    if (watch === "too-early") return { userId, answer: { earned: null, unpaidReason: "too-early" } };
    // Completed before: the award finds its cause key paid and pays nothing (or answers a lost answer's replay).
    result = await award(db, {
      userId,
      kind: "video_watch",
      causeKey,
      occurredAt: new Date(watch.started_at),
      subjectId: watch.video_id,
      reward: watch.reward,
      perDay: watch.watches_per_day,
      sessionToken: earnerToken(input.earner),
    });
  }
  return {
    userId,
    answer: { earned: earnedFrom(result), unpaidReason: result.limited ? "daily-limit" : null },
  };
}
