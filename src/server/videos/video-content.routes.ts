import {
  contentVideoListQuery,
  contentVideoListSchema,
  contentVideoParam,
  contentVideoResponse,
  videoUpdateInput,
  videoUploadForm,
} from "~/core/api/content-videos";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireContentEditor } from "../auth/require-admin";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { formBody, jsonBody, params, query } from "../http/validate";
import { getContentVideo, listContentVideos, updateContentVideo } from "./video-content.service";
import { uploadVideo } from "./video-content.upload";
import { videoUploadLimit } from "./video-upload";

/** The upload route, exempt from the API's 64 KB body limit: it has its own (VIDEO_MAX_UPLOAD_BYTES + extras). */
export const VIDEO_UPLOAD = { method: "POST", path: "/api/admin/videos" } as const;

/**
 * /api/admin/videos…: the content console's videos (docs/product.md, "Content operations"). Content editors and
 * administrators only; every change is rate-limited per person and audited in its own transaction.
 */
export const createVideoContentRoutes = (deps: AppDeps) => {
  const editor = requireContentEditor(deps);
  const limited = rateLimit(deps.rateLimitStore, (c) => [
    { key: `content:${c.var.user?.id}`, limit: deps.env.adminRateLimit },
  ]);
  return createRouter()
    .get(
      "/videos",
      responds(
        { 200: contentVideoListSchema },
        { summary: "Every video (scheduled, live, retired), a page at a time, for the content console" },
      ),
      query(contentVideoListQuery),
      editor,
      async (c) => c.json(await listContentVideos(deps.db, { after: c.req.valid("query").after })),
    )
    .get(
      "/videos/:videoId",
      responds({ 200: contentVideoResponse }, { summary: "One video (content console)" }),
      params(contentVideoParam),
      editor,
      async (c) => c.json({ video: await getContentVideo(deps.db, c.req.valid("param").videoId) }),
    )
    .post(
      "/videos",
      responds(
        { 201: contentVideoResponse },
        {
          summary: "Upload a video",
          description:
            "multipart/form-data: file (MP4 or WebM, recognised by its content; its duration is read from it), optional poster (JPEG, PNG, WebP) and captions (WebVTT), title, description, reward, watchesPerDay, position, publishAt, retireAt. Audited.",
          errors: [
            "VIDEO_FILE_TYPE",
            "VIDEO_FILE_DAMAGED",
            "VIDEO_FILE_TOO_LARGE",
            "VIDEO_POSTER_TYPE",
            "VIDEO_CAPTIONS_TYPE",
            "VALIDATION_FAILED",
          ],
        },
      ),
      editor,
      limited,
      videoUploadLimit(deps.env.videoMaxUploadBytes),
      formBody(videoUploadForm),
      async (c) => {
        const video = await uploadVideo(deps, actingAdmin(c.var), c.req.valid("form"));
        return c.json({ video }, 201);
      },
    )
    .patch(
      "/videos/:videoId",
      responds(
        { 200: contentVideoResponse },
        {
          summary: "Edit a video's title, description, reward, watches per day, order or schedule (retire)",
          description: "Players see the change on their next request. Audited: before → after.",
        },
      ),
      params(contentVideoParam),
      editor,
      limited,
      jsonBody(videoUpdateInput),
      async (c) =>
        c.json({
          video: await updateContentVideo(
            deps.db,
            actingAdmin(c.var),
            c.req.valid("param").videoId,
            c.req.valid("json"),
          ),
        }),
    );
};
