/**
 * Build-time only (scripts/prerender.mjs bundles this for Node): renders the guest's view of each page that
 * needs no data into HTML, which the browser then hydrates. Never part of the browser bundle.
 */
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { type RouteObject, StaticRouter } from "react-router";
import { AppProviders } from "~/web/app/providers";
import { AppRoutes, routes } from "~/web/app/router";
import { startSignedOut } from "~/web/lib/session";

/** A path to prerender and the file name (under `pages/`) its HTML goes to. */
export interface PrerenderPage {
  path: string;
  file: string;
}

/** A path that matches no route: it renders the 404 page. */
export const NOT_FOUND_PROBE = "/__prerender-not-found__";

function staticPaths(table: RouteObject[], parent = ""): string[] {
  return table.flatMap((route) => {
    const joined = route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
    const own = route.path && !/[:*]/.test(route.path) ? [joined === "" ? "/" : joined] : [];
    return [...own, ...staticPaths(route.children ?? [], joined)];
  });
}

/** Route patterns with parameters, which the server must not answer with the 404 page. */
function dynamicPatterns(table: RouteObject[], parent = ""): string[] {
  return table.flatMap((route) => {
    const joined = route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
    const own = route.path && route.path !== "*" && /[:*]/.test(route.path) ? [joined] : [];
    return [...own, ...dynamicPatterns(route.children ?? [], joined)];
  });
}

/** Every route without parameters, from the route table itself, plus the 404 page. */
export function prerenderPages(): { pages: PrerenderPage[]; notFound: PrerenderPage; dynamic: string[] } {
  const pages = [...new Set(staticPaths(routes))].map((path) => ({
    path,
    file: path === "/" ? "index.html" : `${path.slice(1).replaceAll("/", "__")}.html`,
  }));
  return { pages, notFound: { path: NOT_FOUND_PROBE, file: "404.html" }, dynamic: dynamicPatterns(routes) };
}

/**
 * The markup of `path` before the session check has answered, or (`guest`) as a visitor known to be signed out
 * sees it — the server sends that variant to a browser without a session cookie.
 */
export async function renderPage(path: string, { guest = false }: { guest?: boolean } = {}): Promise<string> {
  startSignedOut(guest);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // `prerender` waits for every lazy page; one document, no streaming: never split a large page into a fallback
    // plus a script that swaps it in.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
