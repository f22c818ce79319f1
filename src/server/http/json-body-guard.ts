import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../errors";
import type { AppBindings } from "./router";

/**
 * Whether the request can have a body. Over HTTP/1.1 a request has one only with Transfer-Encoding or a
 * Content-Length above 0, so the headers Node parsed decide: asking the request itself would make the Node adapter
 * build a whole Request with a body stream for every POST, only to find it empty (most of what the body checks
 * cost a bodyless POST such as a watch's start and completion). In process (`app.request`) the Request decides.
 */
export function mayHaveBody(c: Context<AppBindings>): boolean {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const headers = c.env?.incoming?.headers;
  if (!headers) return c.req.raw.body !== null;
  if (headers["transfer-encoding"] !== undefined) return true;
  const length = headers["content-length"];
  return length !== undefined && Number(length) !== 0;
}

/** Deepest nesting of objects and arrays a request body may have; no request of ours needs more than a few. */
export const MAX_JSON_DEPTH = 64;

const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * How deeply `text` nests `{`/`[` outside strings, stopping as soon as it passes `limit` — linear, no recursion,
 * so a 5 000-level body costs a scan, not a stack.
 */
export function nestingDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Checks every request body on /api before any route, better-auth included, parses, walks or stringifies it:
 * nested deeper than MAX_JSON_DEPTH → 400 JSON_TOO_DEEP (whatever the declared type: the auth routes read JSON
 * from any body), and a body declared as JSON that does not parse → 400 INVALID_JSON. The text is cached by the
 * request, so routes read it again for free.
 */
export function jsonBodyGuard(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (!mayHaveBody(c)) return next();
    // Multipart uploads (the KYC document) are never read as JSON, and their route streams them through its own
    // size limit: reading the text here would buffer the whole upload first.
    if (MULTIPART_TYPE.test(c.req.header("content-type") ?? "")) return next();
    const text = await c.req.text();
    if (nestingDepthExceeds(text, MAX_JSON_DEPTH)) throw new AppError("JSON_TOO_DEEP");
    if (text.trim() && JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      try {
        JSON.parse(text);
      } catch {
        throw new AppError("INVALID_JSON");
      }
    }
    return next();
  };
}
