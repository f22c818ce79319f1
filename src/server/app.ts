import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "./app-deps";
import { AppError } from "./errors";
import { createHealthRoutes } from "./health/health.routes";
import { createErrorHandler } from "./http/errors";
import { requestLog } from "./http/request-log";
import { createRouter } from "./http/router";
import { mountSpa } from "./http/spa";

export const API_BODY_LIMIT_BYTES = 64 * 1024;

export interface CreateAppOptions {
  /** Folder of the built SPA; omitted in API tests. */
  webRoot?: string;
}

export function createApi(deps: AppDeps) {
  return createRouter()
    .use(
      bodyLimit({
        maxSize: API_BODY_LIMIT_BYTES,
        onError: () => {
          throw new AppError("PAYLOAD_TOO_LARGE");
        },
      }),
    )
    .route("/health", createHealthRoutes(deps));
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = createRouter();
  app.use(requestLog(deps.logger));
  app.onError(createErrorHandler(deps.logger));
  app.route("/api", createApi(deps));
  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND");
  });
  app.all("/api", () => {
    throw new AppError("NOT_FOUND");
  });
  if (options.webRoot) mountSpa(app, options.webRoot);
  app.notFound(() => {
    throw new AppError("NOT_FOUND");
  });
  return app;
}
