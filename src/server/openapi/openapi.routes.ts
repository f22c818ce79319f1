import type { RouterRoute } from "hono/types";
import type { AppDeps } from "../app-deps";
import { createRouter } from "../http/router";
import { buildOpenApiDocument, type OpenApiDocument } from "./build-document";
import { REFERENCE_CSS, referencePage } from "./reference-page";

/**
 * GET /api/openapi.json (OpenAPI 3.1), GET /api/docs (a readable page of it) and its stylesheet.
 * `routes` is read on the first request, once every router is mounted, so the document lists them all
 * (these three included). ADR 016.
 */
export const createOpenApiRoutes = (
  { auth, env }: Pick<AppDeps, "auth" | "env">,
  api: { basePath: string; routes: () => readonly RouterRoute[] },
) => {
  let document: OpenApiDocument | undefined;
  const documentOf = () => {
    document ??= buildOpenApiDocument({
      routes: api.routes(),
      basePath: api.basePath,
      auth,
      appUrl: env.appUrl,
    });
    return document;
  };
  let page: string | undefined;
  return createRouter()
    .get("/openapi.json", (c) => c.json(documentOf()))
    .get("/docs", (c) => {
      page ??= referencePage(documentOf());
      return c.html(page);
    })
    .get("/docs.css", (c) =>
      c.body(REFERENCE_CSS, 200, {
        "content-type": "text/css; charset=utf-8",
        "cache-control": "public, max-age=3600",
      }),
    );
};
