import { randomUUID } from "node:crypto";
import { z } from "zod";
import { watchVideoResponseSchema } from "~/core/api/account";
import { videoIds } from "~/core/videos";
import type { AppDeps } from "../app-deps";
import { requireEarner } from "../auth/require-user";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { params } from "../http/validate";
import { award, earnedFrom } from "../ledger/ledger";

const videoParams = z.object({ videoId: z.enum(videoIds) });

/**
 * 'Watch Video (Earn 10 Coins)' (SPEC §9: 10 coins per click, a placeholder for real playback).
 * Each click is its own cause, made here; a per-user limit stops scripts hammering it.
 */
export const createVideosRoutes = (deps: AppDeps) =>
  createRouter().post(
    "/:videoId/watch",
    responds({ 200: watchVideoResponseSchema }, { summary: "Watch a video (earn 10 coins)" }),
    params(videoParams),
    requireEarner(deps),
    rateLimit(deps.rateLimitStore, (c) => [
      { key: `video-watch:user:${c.var.user?.id}`, limit: deps.env.videoWatchLimit },
    ]),
    async (c) => {
      const user = c.var.user!;
      const { videoId } = c.req.valid("param");
      const result = await award(deps.db, {
        userId: user.id,
        kind: "video_watch",
        causeKey: `video:${videoId}:${user.id}:${randomUUID()}`,
      });
      return c.json({ earned: earnedFrom(result) });
    },
  );
