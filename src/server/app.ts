import { bodyLimit } from "hono/body-limit";
import { createAccountRoutes } from "./account/account.routes";
import { createAdminRoutes } from "./admin/admin.routes";
import type { AppDeps } from "./app-deps";
import { createAuthRoutes } from "./auth/auth.routes";
import { createEarningRoutes } from "./earning/earning.routes";
import { AppError } from "./errors";
import { createGamesRoutes } from "./games/games.routes";
import { createHealthRoutes } from "./health/health.routes";
import { createErrorHandler } from "./http/errors";
import { jsonBodyGuard, mayHaveBody } from "./http/json-body-guard";
import { noStoreByDefault } from "./http/no-store";
import { sameOriginMutations, trustedOrigins } from "./http/origin-check";
import { fillPublicSettings, publicSettingsOf } from "./http/public-settings";
import { requestLog } from "./http/request-log";
import { createRouter } from "./http/router";
import { securityHeaders } from "./http/security-headers";
import { mountSpa } from "./http/spa";
import { createKycRoutes, KYC_UPLOAD } from "./kyc/kyc.routes";
import { isMultipart } from "./kyc/kyc-upload";
import { createLedgerRoutes } from "./ledger/ledger.routes";
import { createDevMailboxRoutes } from "./mail/dev-mailbox.routes";
import { createMessagesRoutes } from "./messages/messages.routes";
import { httpMetrics } from "./metrics/http-metrics";
import { createMetricsRoutes } from "./metrics/metrics.routes";
import { createOpenApiRoutes } from "./openapi/openapi.routes";
import { createOffersRoutes } from "./partners/offers.routes";
import { createPostbackRoutes } from "./partners/postbacks.routes";
import { createProfileRoutes } from "./profile/profile.routes";
import { createQuizAuthoringRoutes } from "./quizzes/quiz-authoring.routes";
import { createQuizContentRoutes } from "./quizzes/quiz-content.routes";
import { createQuizImportRoutes, QUIZ_IMPORT } from "./quizzes/quiz-import.routes";
import { createQuizStatesRoutes } from "./quizzes/quiz-states.routes";
import { createQuizzesRoutes } from "./quizzes/quizzes.routes";
import { createRedemptionsRoutes } from "./redemptions/redemptions.routes";
import { createReferralsRoutes } from "./referrals/referrals.routes";
import { createPlayerStatsRoutes } from "./streaks/player-stats.routes";
import { createStreakRoutes } from "./streaks/streaks.routes";
import { createMediaRoutes } from "./videos/media.routes";
import { createVideoContentRoutes, VIDEO_UPLOAD } from "./videos/video-content.routes";
import { createVideosRoutes } from "./videos/videos.routes";

export const API_BODY_LIMIT_BYTES = 64 * 1024;

export interface CreateAppOptions {
  /** Folder of the built SPA; omitted in API tests. */
  webRoot?: string;
}

export function createApi(deps: AppDeps) {
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE");
    },
  });
  const isUpload = (req: { method: string; path: string; header: (name: string) => string | undefined }) =>
    [KYC_UPLOAD, VIDEO_UPLOAD, QUIZ_IMPORT].some((u) => req.method === u.method && req.path === u.path) &&
    isMultipart(req.header("content-type"));
  const api = createRouter()
    .use(noStoreByDefault())
    // The KYC and video uploads and the quiz import stream through their own, larger limits and are never JSON
    // (kyc-upload.ts, video-upload.ts, quiz-import.routes.ts); every other request gets 64 KB and the JSON
    // nesting guard.
    .use((c, next) => (isUpload(c.req) || !mayHaveBody(c) ? next() : apiBodyLimit(c, next)))
    .use(jsonBodyGuard())
    .use(sameOriginMutations(trustedOrigins(deps.env)))
    .route("/", createHealthRoutes(deps))
    .route("/games", createGamesRoutes(deps))
    .route("/auth", createAuthRoutes(deps))
    .route("/me", createProfileRoutes(deps))
    .route("/me/stats", createPlayerStatsRoutes(deps))
    .route("/account", createAccountRoutes(deps))
    .route("/ledger", createLedgerRoutes(deps))
    .route("/videos", createVideosRoutes(deps))
    .route("/quizzes", createQuizzesRoutes(deps))
    .route("/referrals", createReferralsRoutes(deps))
    .route("/redemptions", createRedemptionsRoutes(deps))
    .route("/kyc", createKycRoutes(deps))
    // The content console first: its routes admit content editors, whom every other /admin route refuses.
    .route("/admin", createQuizContentRoutes(deps))
    .route("/admin", createQuizAuthoringRoutes(deps))
    .route("/admin", createQuizImportRoutes(deps))
    .route("/admin", createQuizStatesRoutes(deps))
    .route("/admin", createVideoContentRoutes(deps))
    .route("/admin", createAdminRoutes(deps))
    .route("/earning", createEarningRoutes(deps))
    .route("/streak", createStreakRoutes(deps))
    .route("/messages", createMessagesRoutes(deps))
    .route("/postbacks", createPostbackRoutes(deps))
    .route("/offers", createOffersRoutes(deps));
  // The OpenAPI document is generated from `api` on first request: every route above, and its own.
  return api.route("/", createOpenApiRoutes(deps, { basePath: "/api", router: () => api }));
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = createRouter();
  app.use(securityHeaders(deps.env));
  app.use(requestLog(deps.logger, deps.env));
  app.use(httpMetrics());
  app.onError(createErrorHandler(deps.logger, deps.dependencies));
  app.route("/api", createApi(deps));
  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND");
  });
  app.all("/api", () => {
    throw new AppError("NOT_FOUND");
  });
  app.route("/metrics", createMetricsRoutes(deps));
  app.route("/dev", createDevMailboxRoutes(deps));
  app.route("/media", createMediaRoutes(deps));
  if (options.webRoot) {
    const settings = publicSettingsOf(deps.env);
    mountSpa(app, options.webRoot, (html) => fillPublicSettings(html, settings));
  }
  app.notFound(() => {
    throw new AppError("NOT_FOUND");
  });
  return app;
}
