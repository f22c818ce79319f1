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
import { requireEarner } from "../auth/require-user";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { params } from "../http/validate";
import { withStreakBonus } from "../streaks/streaks.service";
import { completeWatch, listVideos, startWatch } from "./videos.service";

/**
 * 'Watch & Earn' (docs/product.md): the catalogue for everyone; watch sessions for signed-in, confirmed users.
 * GET  /api/videos                              → { videos }
 * POST /api/videos/:videoId/watches             → 201 { watch }  (at most VIDEO_WATCH_LIMIT a minute)
 * POST /api/videos/watches/:watchId/complete    → { earned, unpaidReason }
 */
export const createVideosRoutes = (deps: AppDeps) => {
  const earner = requireEarner(deps);
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
          errors: ["NOT_FOUND"],
        },
      ),
      params(z.object({ videoId: videoIdSchema })),
      earner,
      rateLimit(deps.rateLimitStore, (c) => [
        { key: `video-watch:user:${c.var.user?.id}`, limit: deps.env.videoWatchLimit },
      ]),
      async (c) => {
        const { videoId } = c.req.valid("param");
        const watch = await startWatch(deps.db, { userId: c.var.user.id, videoId });
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
        const result = await completeWatch(deps.db, { userId: c.var.user.id, watchId });
        const withBonus = await withStreakBonus(deps.db, c.var.user.id, result, deps.env.streakRules);
        return c.json(withBonus satisfies CompleteWatchResponse);
      },
    );
};
