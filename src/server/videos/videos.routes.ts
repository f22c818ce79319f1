import { z } from "zod";
import {
  type CompleteWatchResponse,
  completeWatchResponseSchema,
  type StartWatchResponse,
  startWatchResponseSchema,
  type VideosResponse,
  videoIdSchema,
  videosResponseSchema,
} from "~/core/api/videos";
import type { AppDeps } from "../app-deps";
import { asEarner } from "../auth/earner";
import { earnerInHandler } from "../auth/require-user";
import { AppError } from "../errors";
import { consumeRateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { params } from "../http/validate";
import { withStreakBonus } from "../streaks/streaks.service";
import { completeWatch, listVideos, startWatch } from "./videos.service";

/**
 * 'Watch & Earn' (docs/product.md): the catalogue for everyone; watch sessions for signed-in, confirmed users.
 * GET  /api/videos                              → { videos }
 * POST /api/videos/:videoId/watches             → 201 { watch }  (at most VIDEO_WATCH_LIMIT starts a minute, 429)
 * POST /api/videos/watches/:watchId/complete    → { earned, unpaidReason }
 */
export const createVideosRoutes = (deps: AppDeps) => {
  // The guard is the handlers' own statements (asEarner): a paid watch is two statements (ADR 062).
  const earner = earnerInHandler();
  return createRouter()
    .get("/", responds({ 200: videosResponseSchema }, { summary: "The video catalogue" }), async (c) =>
      c.json({ videos: await listVideos(deps.db) } satisfies VideosResponse),
    )
    .post(
      "/:videoId/watches",
      responds(
        { 201: startWatchResponseSchema },
        {
          summary: "Start watching a video",
          description: "Opens a watch session; it pays when completed no sooner than the video's duration.",
          errors: ["NOT_FOUND", "RATE_LIMITED"],
        },
      ),
      params(z.object({ videoId: videoIdSchema })),
      earner,
      async (c) => {
        const { videoId } = c.req.valid("param");
        // At most VIDEO_WATCH_LIMIT starts a minute per user, counted before the start's statement.
        const limit = async (userId: string) => {
          const retryAfter = await consumeRateLimit(deps.rateLimitStore, [
            { key: `video-watch:user:${userId}`, limit: deps.env.videoWatchLimit },
          ]);
          if (!retryAfter) return;
          c.header("Retry-After", String(retryAfter));
          throw new AppError("RATE_LIMITED");
        };
        const watch = await asEarner(
          deps.sessions,
          c.req.raw.headers,
          (who) => startWatch(deps.db, { earner: who, videoId }),
          limit,
        );
        return c.json({ watch } satisfies StartWatchResponse, 201);
      },
    )
    .post(
      "/watches/:watchId/complete",
      responds(
        { 200: completeWatchResponseSchema },
        {
          summary: "Report the end of a watch",
          description: "Pays the video's coins once a day per video, unless the watch ended too early.",
          errors: ["NOT_FOUND"],
        },
      ),
      params(z.object({ watchId: z.uuid() })),
      earner,
      async (c) => {
        const { watchId } = c.req.valid("param");
        const { userId, answer } = await asEarner(deps.sessions, c.req.raw.headers, (who) =>
          completeWatch(deps.db, { earner: who, watchId }),
        );
        const withBonus = await withStreakBonus(deps.db, userId, answer, deps.env.streakRules);
        return c.json(withBonus satisfies CompleteWatchResponse);
      },
    );
};
