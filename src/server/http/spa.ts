import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import { AppError } from "../errors";
import type { AppBindings } from "./router";

/**
 * Serves the built SPA from `webRoot`: hashed assets cached forever (as the `.br`/`.gz` the build wrote beside
 * them when the client accepts one), every other path gets index.html.
 */
export function mountSpa(app: Hono<AppBindings>, webRoot: string): void {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile)) {
    app.get("*", (c) =>
      c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503),
    );
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), webRoot) || ".";
  // Headers go on after serveStatic has made its response (set from onFound they would miss it outside
  // @hono/node-server's own Response class, e.g. in app.request tests).
  const found = new WeakSet<Context>();
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (!found.has(c)) return;
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      c.header("Vary", "Accept-Encoding");
    },
    serveStatic({ root, precompressed: true, onFound: (_path, c) => void found.add(c) }),
  );
  // A chunk of an older build (or any missing asset) is a 404, not index.html: the page's import fails
  // cleanly and the web app reloads itself once (src/web/lib/reload-once.ts) instead of a module MIME error.
  app.all("/assets/*", (c) => {
    c.header("Cache-Control", "no-store");
    throw new AppError("NOT_FOUND");
  });
  app.use("*", serveStatic({ root, index: "__no_index__" }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
