import type { Hono } from "hono";
import { testClient } from "hono/testing";
import type { ExtractSchema, MergeSchemaPath } from "hono/types";
import type { ApiErrorBody } from "~/core/error-codes";
import type { AppType } from "~/server/app";
import type { AppBindings } from "~/server/http/router";
import { nextIp } from "./in-process-client";

/** The app as its routes are typed: the API (`AppType`, what the web's `hc<AppType>` sees) under /api. */
type TypedApp = Hono<AppBindings, MergeSchemaPath<ExtractSchema<AppType>, "/api">, "/">;

export interface TypedClientOptions {
  /** A `Cookie` header value, e.g. a test user's session. */
  cookie?: string;
  /** The client's socket address; a fresh one when omitted, so tests never share rate limits. */
  ip?: string;
  /** Origin header; the app's own origin by default (as the app's pages send it); null = none. */
  origin?: string | null;
}

/**
 * The API as the web calls it, typed by the server's routes (`client.ledger.balance.$get()`), so a renamed
 * route or a changed answer breaks a test at type-check time. Calls the in-process `app` from one client
 * address (a fresh one per client unless `ip` is given). Errors are not part of the typed answers: read them
 * with `errorCode`.
 */
export function typedClient(app: Hono<AppBindings>, appOrigin: string, options: TypedClientOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? appOrigin : options.origin;
  if (origin) headers.origin = origin;
  const env = { incoming: { socket: { remoteAddress: options.ip ?? nextIp() } } };
  return testClient(app as unknown as TypedApp, env, undefined, { headers }).api;
}

/** The error of an error answer (src/server/http/errors.ts): typed answers list only the successes. */
export async function apiError(res: Response): Promise<ApiErrorBody["error"]> {
  return ((await res.json()) as ApiErrorBody).error;
}

/** The `error.code` of an error answer. */
export async function errorCode(res: Response): Promise<string> {
  return (await apiError(res)).code;
}
