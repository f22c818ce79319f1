import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import {
  CONTENT_VIDEO_PAGE,
  type ContentVideo,
  type ContentVideoList,
  type VideoState,
  type VideoUpdateInput,
} from "~/core/api/content-videos";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { VideoTable } from "../db/schema-content";
import { AppError } from "../errors";
import { toVideoView } from "./videos.service";

/**
 * The content console's videos (docs/product.md, "Content operations"): editors and administrators list every
 * video (scheduled, live and retired), upload new ones (video-upload.ts probes the file, video-files.ts stores it)
 * and change what a video pays and when it shows. Each change writes its audit row (who, what, before → after)
 * in the transaction of the change; players see it on their next request (nothing is cached). A video is never
 * deleted: retiring it takes it off players' lists while its watches and history lines stay.
 */

type VideoRow = Selectable<VideoTable>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function videoState(row: Pick<VideoRow, "publish_at" | "retire_at">, now: Date): VideoState {
  if (row.retire_at && new Date(row.retire_at) <= now) return "retired";
  if (row.publish_at && new Date(row.publish_at) > now) return "scheduled";
  return "live";
}

export function toContentVideo(r: VideoRow, now: Date): ContentVideo {
  return {
    ...toVideoView(r),
    watchesPerDay: r.watches_per_day,
    position: r.position,
    publishAt: iso(r.publish_at),
    retireAt: iso(r.retire_at),
    state: videoState(r, now),
  };
}

/** A page of every video in the players' order (position, id), after the cursor `position:id`. */
export async function listContentVideos(
  db: Database,
  input: { after?: string | undefined; now?: Date },
): Promise<ContentVideoList> {
  let q = db
    .selectFrom("videos")
    .selectAll()
    .orderBy("position")
    .orderBy("id")
    .limit(CONTENT_VIDEO_PAGE + 1);
  if (input.after) {
    const [position = "0", id = ""] = input.after.split(/:(.*)/s);
    q = q.where((eb) =>
      eb.or([
        eb("position", ">", Number(position)),
        eb.and([eb("position", "=", Number(position)), eb("id", ">", id)]),
      ]),
    );
  }
  const rows = await q.execute();
  const page = rows.slice(0, CONTENT_VIDEO_PAGE);
  const last = page.at(-1);
  const now = input.now ?? new Date();
  return {
    videos: page.map((r) => toContentVideo(r, now)),
    next: rows.length > CONTENT_VIDEO_PAGE && last ? `${last.position}:${last.id}` : null,
  };
}

export async function getContentVideo(db: Database, id: string, now = new Date()): Promise<ContentVideo> {
  const row = await db.selectFrom("videos").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such video.");
  return toContentVideo(row, now);
}

/** A new video's id: its title as a slug and a random tail (a title may repeat; an id never does). */
export function newVideoId(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `${slug || "video"}-${randomBytes(4).toString("hex")}`;
}

export interface NewVideo {
  id: string;
  title: string;
  description: string;
  durationSeconds: number;
  sourceUrl: string;
  sourceType: string;
  captionsUrl: string | null;
  posterUrl: string | null;
  reward: number;
  watchesPerDay: number | null;
  position: number | null;
  publishAt: string | null;
  retireAt: string | null;
}

/** Writes the uploaded video's row and its audit row in one transaction. Without a position: after the last. */
export async function insertVideo(db: Database, actor: Actor, video: NewVideo): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("videos")
      .select((eb) => eb.fn.max("position").as("max"))
      .executeTakeFirst();
    const position = video.position ?? Number(last?.max ?? 0) + 1;
    await trx
      .insertInto("videos")
      .values({
        id: video.id,
        title: video.title,
        description: video.description,
        duration_seconds: video.durationSeconds,
        source_url: video.sourceUrl,
        source_type: video.sourceType,
        captions_url: video.captionsUrl,
        poster_url: video.posterUrl,
        reward: video.reward,
        watches_per_day: video.watchesPerDay,
        position,
        publish_at: video.publishAt,
        retire_at: video.retireAt,
      })
      .execute();
    const { id, ...after } = { ...video, position };
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "content.video.create",
      targetType: "video",
      targetId: id,
      before: {},
      after,
      requestId: actor.requestId,
    });
  });
}

const editable = {
  title: "title",
  description: "description",
  reward: "reward",
  watchesPerDay: "watches_per_day",
  position: "position",
  publishAt: "publish_at",
  retireAt: "retire_at",
} as const satisfies Record<keyof VideoUpdateInput, keyof VideoRow>;

/** Changes a video's words, pay, order or schedule (retiring is a retire-at); audited before → after. */
export async function updateContentVideo(
  db: Database,
  actor: Actor,
  id: string,
  input: VideoUpdateInput,
  now = new Date(),
): Promise<ContentVideo> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("videos")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", "No such video.");
    const current = toContentVideo(row, now);
    const publishAt = input.publishAt === undefined ? current.publishAt : input.publishAt;
    const retireAt = input.retireAt === undefined ? current.retireAt : input.retireAt;
    if (publishAt && retireAt && Date.parse(retireAt) <= Date.parse(publishAt))
      throw new AppError("VALIDATION_FAILED", "Retire at must be after publish at.");
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Record<string, unknown> = {};
    for (const key of Object.keys(editable) as (keyof typeof editable)[]) {
      const given = input[key];
      const value = typeof given === "string" && key.endsWith("At") ? iso(given) : given;
      if (value === undefined || value === current[key]) continue;
      before[key] = current[key];
      after[key] = value;
      set[editable[key]] = value;
    }
    if (Object.keys(set).length === 0) return;
    await trx.updateTable("videos").set(set).where("id", "=", id).execute();
    await recordAudit(trx, {
      actorId: actor.adminId,
      action: "content.video.update",
      targetType: "video",
      targetId: id,
      before,
      after,
      requestId: actor.requestId,
    });
  });
  return getContentVideo(db, id, now);
}
