import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import { AppError } from "../errors";
import type { AppBindings } from "./router";

/** Hashed assets never change under their name. */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
/**
 * HTML is the same for every visitor (the signed-in state appears after hydration), so browsers and proxies may
 * keep it a minute; after a deploy the previous build's assets stay available (scripts/build.mjs), so a page
 * cached from the old build still loads.
 */
export const HTML_CACHE_CONTROL = "public, max-age=60, must-revalidate";

/** better-auth's session cookie (`__Secure-` prefixed over HTTPS). */
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?better-auth\.session_token=/;

/** `pages.json`, written by the build's prerender step (scripts/prerender.mjs). */
interface PagesIndex {
  /** Route path → file under `pages/`. */
  pages: Record<string, string>;
  notFound: string;
  /** Route patterns with parameters (`/x/:id`): the browser renders them from the shell. */
  dynamic: string[];
  /** Route path → file of the page as a guest sees it, where that differs (pages that need an account). */
  guestPages?: Record<string, string>;
}

interface HtmlPage {
  html: string;
  etag: string;
}

function htmlPage(html: string): HtmlPage {
  return { html, etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"` };
}

function patternToRegExp(pattern: string): RegExp {
  // A trailing splat also matches the bare prefix: "/admin/*" is "/admin" and everything below it.
  const splat = pattern.endsWith("/*");
  const body = (splat ? pattern.slice(0, -2) : pattern)
    .split("/")
    .map((part) =>
      part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(splat ? `^${body}(?:/.*)?$` : `^${body}/?$`);
}

function readPages(
  webRoot: string,
  transform: (html: string) => string,
): {
  pages: Map<string, HtmlPage>;
  guestPages: Map<string, HtmlPage>;
  notFound?: HtmlPage;
  dynamic: RegExp[];
} {
  const indexFile = path.join(webRoot, "pages.json");
  if (!existsSync(indexFile)) return { pages: new Map(), guestPages: new Map(), dynamic: [] };
  const index = JSON.parse(readFileSync(indexFile, "utf8")) as PagesIndex;
  const read = (file: string) => htmlPage(transform(readFileSync(path.join(webRoot, "pages", file), "utf8")));
  return {
    pages: new Map(Object.entries(index.pages).map(([route, file]) => [route, read(file)])),
    guestPages: new Map(Object.entries(index.guestPages ?? {}).map(([route, file]) => [route, read(file)])),
    notFound: read(index.notFound),
    dynamic: index.dynamic.map(patternToRegExp),
  };
}

/**
 * Serves the built web app from `webRoot`: hashed assets cached for a year (as the `.br`/`.gz` the build wrote
 * beside them when the client accepts one); the prerendered page of a route when the URL has no query string;
 * the 404 page (status 404) for a path no route matches; the empty shell (index.html, rendered in the browser)
 * for everything else. HTML is read once at start-up.
 */
export function mountSpa(
  app: Hono<AppBindings>,
  webRoot: string,
  /** Applied once to every HTML page as it is read (the server's public settings: public-settings.ts). */
  transform: (html: string) => string = (html) => html,
): void {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile)) {
    app.get("*", (c) =>
      c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503),
    );
    return;
  }
  const shell = htmlPage(transform(readFileSync(indexFile, "utf8")));
  const { pages, guestPages, notFound, dynamic } = readPages(webRoot, transform);
  const root = path.relative(process.cwd(), webRoot) || ".";
  // Headers go on after serveStatic has made its response (set from onFound they would miss it outside
  // @hono/node-server's own Response class, e.g. in app.request tests).
  const found = new WeakSet<Context>();
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (!found.has(c)) return;
      c.header("Cache-Control", ASSET_CACHE_CONTROL);
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

  const send = (c: Context<AppBindings>, page: HtmlPage, status: 200 | 404 = 200) => {
    c.header("Cache-Control", status === 200 ? HTML_CACHE_CONTROL : "no-cache");
    // A page can differ with and without a session cookie (the guest's variant).
    c.header("Vary", "Cookie");
    c.header("ETag", page.etag);
    if (status === 200 && c.req.header("if-none-match") === page.etag) return c.body(null, 304);
    return c.html(page.html, status);
  };
  app.get("*", (c) => {
    const pathname = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, "") : c.req.path;
    const hasQuery = new URL(c.req.url).search !== "";
    const prerendered = pages.get(pathname);
    // Without a session cookie the visitor is a guest for sure: the page's guest variant, if it has one, so a
    // page that needs an account shows its login prompt at once instead of a spinner until the session check.
    const guest = !SESSION_COOKIE.test(c.req.header("cookie") ?? "") ? guestPages.get(pathname) : undefined;
    if (prerendered) return send(c, hasQuery ? shell : (guest ?? prerendered));
    if (notFound && !dynamic.some((pattern) => pattern.test(pathname))) return send(c, notFound, 404);
    return send(c, shell);
  });
  // A page's form submitted before the app runs on it (prerendered pages paint first) reaches the server as a
  // POST to the page: back to the page (303, the body dropped), where the app takes over.
  app.post("*", (c) => {
    if (/^\/(api|assets|dev|media)(\/|$)/.test(c.req.path)) return c.notFound();
    c.header("Cache-Control", "no-store");
    // One leading slash: "//host/x" would send the browser to another site.
    return c.redirect(`/${c.req.path.replace(/^\/+/, "")}`, 303);
  });
}
