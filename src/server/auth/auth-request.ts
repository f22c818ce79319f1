import type { Context } from "hono";
import { z } from "zod";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { clientIp } from "../http/client-ip";
import { errorForStatus } from "../http/errors";
import type { AppBindings } from "../http/router";
import { CLIENT_IP_HEADER, DEVICE_ID_HEADER } from "./auth";

/** The body of an auth POST as a plain object; bad JSON → 400 INVALID_JSON, an empty or non-object body → {}. */
export async function readJsonObject(c: Context<AppBindings>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON");
  }
  const object = z.record(z.string(), z.unknown()).safeParse(value);
  return object.success ? object.data : {};
}

export const credentialsSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
});

/** Email and password of a sign-in/sign-up body, or 400 with docs/product.md's message if either is missing. */
export async function readCredentials(c: Context<AppBindings>) {
  const body = await readJsonObject(c);
  const parsed = credentialsSchema.safeParse(body);
  if (!parsed.success) throw new AppError("MISSING_CREDENTIALS");
  return { body, ...parsed.data };
}

/**
 * Hands the request to better-auth — with `body` instead of the original one if given, with the client address
 * we trust in CLIENT_IP_HEADER and with `extraHeaders` — and maps its error answers onto our error envelope.
 */
export async function forwardToAuth(
  c: Context<AppBindings>,
  { auth, env }: Pick<AppDeps, "auth" | "env">,
  body?: Record<string, unknown>,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, env.trustProxy));
  // Only our routes name the device: a client's own header of that name is dropped.
  headers.delete(DEVICE_ID_HEADER);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const init: RequestInit = { method: c.req.method, headers };
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    headers.delete("content-length");
    if (body) headers.set("content-type", "application/json");
    const text = body ? JSON.stringify(body) : await c.req.text();
    // An empty POST (sign-out) must reach better-auth without a body, not with an empty one.
    if (text) init.body = text;
  }
  const res = await auth.handler(new Request(c.req.url, init));
  return toApiError(res);
}

/** better-auth answers errors as `{ code, message }`; the API's envelope is `{ error: { code, message } }`. */
async function toApiError(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const parsed = await res
    .clone()
    .json()
    .catch(() => null);
  const fields = z.object({ code: z.string().optional(), message: z.string().optional() }).safeParse(parsed);
  const fallback = errorForStatus(res.status);
  // Thrown, so the error handler tells a database outage (503) from a bug (500, logged).
  if (res.status >= 500) throw new Error(`better-auth answered ${res.status}: ${JSON.stringify(parsed)}`);
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const code = (fields.success && fields.data.code) || fallback.code;
  const message = (fields.success && fields.data.message) || fallback.message;
  return new Response(JSON.stringify({ error: { code, message } }), { status: res.status, headers });
}
