import type { RouterRoute } from "hono/types";
import { type MiddlewareDoc, middlewareDoc } from "../http/route-docs";
import type { AuthEndpoint } from "./auth-endpoints";

/** One operation of the API: a method on a path, with what its middleware and validators registered. */
export interface RouteEntry {
  method: string;
  /** OpenAPI form: `/api/games/tic-tac-toe/{gameId}/moves`. */
  path: string;
  docs: MiddlewareDoc[];
  /** The better-auth endpoint that finally answers (our auth routes forward to it), if any. */
  authEndpoint?: AuthEndpoint;
}

const joinPath = (base: string, path: string) => (path === "/" ? base : `${base}${path}`);

/** Hono's `/:id` and `/:id{[0-9]+}` → OpenAPI's `/{id}`. */
export const toOpenApiPath = (path: string) => path.replace(/\/:(\w+)(\{[^}]*\})?\??/g, "/{$1}");

/** Whether a `.use()` path (`/api/ledger/*`, or an exact path) runs for requests to `path`. */
function covers(pattern: string, path: string): boolean {
  if (!pattern.endsWith("/*")) return pattern === path;
  const prefix = pattern.slice(0, -2);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The operations of a Hono router (its `routes`, mounted at `basePath`): one entry per method and path,
 * carrying the docs of its own handlers and of the `.use()` middleware registered before it. A wildcard
 * route at `authBasePath` (the hand-over to better-auth) is replaced by better-auth's endpoints.
 */
export function collectRoutes(
  routes: readonly RouterRoute[],
  basePath: string,
  auth: { basePath: string; endpoints: AuthEndpoint[] },
): RouteEntry[] {
  const entries = new Map<string, RouteEntry>();
  const middleware: { path: string; doc: MiddlewareDoc }[] = [];
  const forwardedMethods = new Set<string>();

  for (const route of routes) {
    const path = joinPath(basePath, route.path);
    const doc = middlewareDoc(route.handler);
    if (route.method === "ALL") {
      if (doc) middleware.push({ path, doc });
      continue;
    }
    if (path.includes("*")) {
      if (path === `${auth.basePath}/*`) forwardedMethods.add(route.method);
      continue;
    }
    const key = `${route.method} ${path}`;
    let entry = entries.get(key);
    if (!entry) {
      const inherited = middleware.filter((m) => covers(m.path, path)).map((m) => m.doc);
      entry = { method: route.method, path: toOpenApiPath(path), docs: inherited };
      entries.set(key, entry);
    }
    if (doc) entry.docs.push(doc);
  }

  for (const endpoint of auth.endpoints) {
    const path = `${auth.basePath}${endpoint.path}`;
    for (const method of endpoint.methods) {
      const key = `${method} ${path}`;
      const ours = entries.get(key);
      if (ours) ours.authEndpoint = endpoint;
      else if (forwardedMethods.has(method)) {
        entries.set(key, { method, path: toOpenApiPath(path), docs: [], authEndpoint: endpoint });
      }
    }
  }
  return [...entries.values()];
}
