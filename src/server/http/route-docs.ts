import type { z } from "zod";

/**
 * What a middleware tells the OpenAPI document (src/server/openapi) about the routes it guards. The
 * validators and the session guards register themselves here as they are made, so the document is built
 * from the very schemas and guards the routes run — there is no second description to keep in step.
 */
export type MiddlewareDoc =
  | { kind: "validator"; target: "json" | "form" | "query" | "param"; schema: z.ZodType }
  /**
   * `user`: 401 without a session; `earner`: also 403 unless the address is confirmed; `optional`: either;
   * `admin`: 401 without a session, 403 unless the user is an administrator.
   */
  | { kind: "session"; guard: "user" | "earner" | "optional" | "admin" }
  /** 403 REAUTH_REQUIRED unless the session was signed in within the fresh-session window. */
  | { kind: "fresh-session" };

const docs = new WeakMap<object, MiddlewareDoc>();

/** Records what `middleware` does and returns it unchanged. */
export function documented<M extends object>(middleware: M, doc: MiddlewareDoc): M {
  docs.set(middleware, doc);
  return middleware;
}

/** What a route handler or middleware registered about itself, if anything. */
export function middlewareDoc(handler: object): MiddlewareDoc | undefined {
  return docs.get(handler);
}
