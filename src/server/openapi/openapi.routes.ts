import type { Hono } from "hono";
import { z } from "zod";
import type { AppDeps } from "../app-deps";
import { responds } from "../http/route-docs";
import type { AppBindings } from "../http/router";
import { createRouter } from "../http/router";
import { buildOpenApiDocument, type OpenApiDocument } from "./build-document";
import { REFERENCE_CSS, referencePage } from "./reference-page";

const reference = { tag: "Reference" } as const;

/**
 * GET /api/openapi.json (OpenAPI 3.1), GET /api/docs (a readable page of it) and its stylesheet. `api` is
 * read on the first request, once every router is mounted, so the document lists them all (these three
 * included). ADR 033.
 */
export const createOpenApiRoutes = (
  { env }: Pick<AppDeps, "env">,
  api: { basePath: string; router: () => Hono<AppBindings> },
) => {
  let document: Promise<OpenApiDocument> | undefined;
  const documentOf = () => {
    document ??= buildOpenApiDocument(api.router(), { basePath: api.basePath, appUrl: env.appUrl });
    return document;
  };
  let page: string | undefined;
  return createRouter()
    .get(
      "/openapi.json",
      responds({ 200: z.looseObject({ openapi: z.string() }) }, { ...reference, summary: "This document" }),
      async (c) => c.json(await documentOf()),
    )
    .get(
      "/docs",
      responds(
        { 200: { description: "HTML", mediaType: "text/html" } },
        { ...reference, summary: "This document as a readable page" },
      ),
      async (c) => {
        page ??= referencePage(await documentOf());
        return c.html(page);
      },
    )
    .get(
      "/docs.css",
      responds(
        { 200: { description: "CSS", mediaType: "text/css" } },
        { ...reference, summary: "The reference page's stylesheet" },
      ),
      (c) =>
        c.body(REFERENCE_CSS, 200, {
          "content-type": "text/css; charset=utf-8",
          "cache-control": "public, max-age=3600",
        }),
    );
};
