import type { Context, Next } from "hono";
import type { AppBindings } from "./router";

/**
 * Headers an answer carries unless it sets its own of the same name (security headers, `X-Request-Id`, the API's
 * `Cache-Control: no-store`). Behind Node (`c.env.outgoing`, @hono/node-server) they go on Node's response before
 * the app answers, and Node's `writeHead` puts the answer's own headers over them: the answer stays a plain record,
 * never a `Headers` object, the largest single cost the earning path's profile showed (ADR 121). In-process
 * (`app.request`, tests) they are prepared on the context before (so an error handler's answer takes them) and
 * added after to an answer made by hand that lacks them.
 */
export function withDefaultHeaders(
  c: Context<AppBindings>,
  headers: Readonly<Record<string, string>>,
  next: Next,
): Promise<void> {
  const outgoing = c.env?.outgoing;
  if (!outgoing) return addedInProcess(c, headers, next);
  for (const name in headers) outgoing.setHeader(name, headers[name] as string);
  return next();
}

async function addedInProcess(
  c: Context<AppBindings>,
  headers: Readonly<Record<string, string>>,
  next: Next,
) {
  for (const name in headers) c.header(name, headers[name]);
  await next();
  for (const name in headers) {
    if (c.res.headers.has(name)) continue;
    try {
      c.res.headers.set(name, headers[name] as string);
    } catch {
      // A Response with immutable headers (e.g. Response.redirect): copy it.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(name, headers[name] as string);
    }
  }
}
