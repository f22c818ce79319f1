import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
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
  app.use("*", serveStatic({ root, index: "__no_index__" }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
