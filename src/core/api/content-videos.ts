import { z } from "zod";
import { rewards } from "../coins";
import { wordsField } from "../words";
import { videoIdSchema } from "./videos";

/**
 * The content console's videos (/api/admin/videos…, docs/product.md "Content operations"): an editor uploads an
 * MP4 or WebM file (its type and duration read from its bytes on the server, never typed), with an optional
 * poster image and WebVTT captions, and sets its title, description, coins per full watch, paid watches a day,
 * order and schedule. Times are ISO instants (stored UTC; the console shows them in the operator's zone).
 */

/** The most a full watch pays: the ledger's reward for a watch (src/core/coins.ts) is the ceiling. */
export const MAX_VIDEO_REWARD = rewards.video_watch.amount;
/** The most paid watches a day an editor may set for one video (the server's EARN_VIDEO_WATCHES_PER_DAY caps it). */
export const MAX_VIDEO_WATCHES_PER_DAY = 100;
export const VIDEO_UPLOAD_TYPES = ["video/mp4", "video/webm"] as const;
export const POSTER_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const videoTitleField = wordsField({
  min: 3,
  max: 80,
  tooShort: "Give the title at least 3 characters.",
  tooLong: "Keep the title under 80 characters.",
});
export const videoDescriptionField = wordsField({
  min: 3,
  max: 300,
  tooShort: "Give the description at least 3 characters.",
  tooLong: "Keep the description under 300 characters.",
});

const wholeIn = (min: number, max: number, what: string) =>
  z.coerce
    .number({ message: `${what} must be a whole number.` })
    .int(`${what} must be a whole number.`)
    .min(min, `${what} must be between ${min} and ${max}.`)
    .max(max, `${what} must be between ${min} and ${max}.`);

export const videoRewardField = wholeIn(1, MAX_VIDEO_REWARD, "The reward");
export const videoWatchesPerDayField = wholeIn(1, MAX_VIDEO_WATCHES_PER_DAY, "Watches per day");
export const videoPositionField = wholeIn(0, 10_000, "The order");
export const videoInstantField = z.iso.datetime({ offset: true, message: "Give a date and time." });

/** A form's empty field (or empty file input) is a field not given. */
const blankIsAbsent = (v: unknown) => (v === "" || (v instanceof File && v.size === 0) ? undefined : v);
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankIsAbsent, schema.optional());

const scheduleInOrder = (v: {
  publishAt?: string | null | undefined;
  retireAt?: string | null | undefined;
}) => !v.publishAt || !v.retireAt || Date.parse(v.retireAt) > Date.parse(v.publishAt);
const SCHEDULE_MESSAGE = { path: ["retireAt"], message: "Retire at must be after publish at." };

/** POST /api/admin/videos (multipart/form-data): the file, optional poster and captions, and the fields. */
export const videoUploadForm = z
  .object({
    file: z.file({ message: "Choose an MP4 or WebM video file." }),
    poster: optional(z.file()),
    captions: optional(z.file()),
    title: videoTitleField,
    description: videoDescriptionField,
    reward: videoRewardField,
    watchesPerDay: optional(videoWatchesPerDayField),
    position: optional(videoPositionField),
    publishAt: optional(videoInstantField),
    retireAt: optional(videoInstantField),
  })
  .refine(scheduleInOrder, SCHEDULE_MESSAGE);
export type VideoUploadForm = z.output<typeof videoUploadForm>;

/** PATCH /api/admin/videos/:videoId: the fields to change (at least one); null clears a schedule or per-day. */
export const videoUpdateInput = z
  .object({
    title: videoTitleField.optional(),
    description: videoDescriptionField.optional(),
    reward: videoRewardField.optional(),
    watchesPerDay: videoWatchesPerDayField.nullable().optional(),
    position: videoPositionField.optional(),
    publishAt: videoInstantField.nullable().optional(),
    retireAt: videoInstantField.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Change at least one field.")
  .refine(scheduleInOrder, SCHEDULE_MESSAGE)
  .meta({
    examples: [
      { title: "Tutorial: Get Started" },
      { reward: 5, watchesPerDay: 2, position: 3, publishAt: "2030-01-01T09:00:00Z", retireAt: null },
    ],
  });
export type VideoUpdateInput = z.output<typeof videoUpdateInput>;

export const contentVideoParam = z.object({ videoId: videoIdSchema });

export const videoStates = ["scheduled", "live", "retired"] as const;
export type VideoState = (typeof videoStates)[number];

export const contentVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Read from the file on upload. */
  durationSeconds: z.number().int(),
  sourceUrl: z.string(),
  sourceType: z.string(),
  captionsUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  reward: z.number().int(),
  /** Null: the server's daily limit per video. */
  watchesPerDay: z.number().int().nullable(),
  position: z.number().int(),
  publishAt: z.iso.datetime().nullable(),
  retireAt: z.iso.datetime().nullable(),
  /** By the server's clock: before publish at, shown, or from retire at on. */
  state: z.enum(videoStates),
});
export const contentVideoResponse = z.object({ video: contentVideoSchema });
export const contentVideoListSchema = z.object({
  videos: z.array(contentVideoSchema),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});
/** A page of the console's list starts after this video (`position:id`, the list's order). */
export const contentVideoListQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,5}:[a-z0-9-]{1,64}$/, "Not a page of this list.")
    .meta({ examples: ["10:tutorial-get-started"] })
    .optional(),
});
export const CONTENT_VIDEO_PAGE = 50;

export type ContentVideo = z.output<typeof contentVideoSchema>;
export type ContentVideoList = z.output<typeof contentVideoListSchema>;
