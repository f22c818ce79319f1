import { Hono } from "hono";

/** The signed-in user as the API sees it; set by requireUser / requireEarner (src/server/auth/require-user.ts). */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface AppVariables {
  requestId: string;
  /** Present only behind requireUser / requireEarner (whose handlers see it as non-optional) and the password checks' `signedIn`. */
  user?: SessionUser;
  /** When the request's session signed in; set by requireAdmin (src/server/auth/require-admin.ts). */
  sessionCreatedAt?: Date;
}

/**
 * What @hono/node-server passes as `c.env` (its HttpBindings), reduced to what we read: the socket's
 * address, the parsed headers and the response. In-process tests pass `{ incoming: { socket: { remoteAddress } } }` to `app.request`.
 */
export interface NodeBindings {
  incoming?: {
    socket?: { remoteAddress?: string | undefined };
    /** The request's headers as Node parsed them (absent in in-process tests). */
    headers?: Record<string, string | string[] | undefined>;
  };
  /** Node's response, before the app answers (absent in in-process tests): default-headers.ts sets headers on it. */
  outgoing?: { setHeader(name: string, value: string): unknown };
}

export type AppBindings = { Variables: AppVariables; Bindings: NodeBindings };

/** Every sub-router is made here so they share one Env type. */
export const createRouter = () => new Hono<AppBindings>();
