import { randomUUID } from "node:crypto";
import type { StoredMail } from "~/server/mail/dev-mailbox";

/**
 * Users made through the real HTTP API (sign-up → confirmation mail → link → sign-in), for API tests,
 * E2E fixtures and the dev seed alike: everything goes through `client.request`, so it works against an
 * in-process app or a running server (whose mail is read from /dev/mailbox.json).
 */
export interface ApiRequest {
  method?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as is (for malformed-body tests). */
  body?: string;
  /** Sent as multipart/form-data (uploads); the boundary header is set from it. */
  form?: FormData;
  headers?: Record<string, string>;
  cookie?: string;
  /** The client's socket address; a fresh one per request when omitted, so tests never share rate limits. */
  ip?: string;
  /**
   * Sent as the person at the server's machine would (loopback peer, no forwarding header), as the dev mailbox
   * requires; overrides `ip`.
   */
  local?: boolean;
  /** Origin header; defaults to the app's own origin on non-GET requests (as a browser sends it); null = none. */
  origin?: string | null;
}

export interface ApiClient {
  request(path: string, options?: ApiRequest): Promise<Response>;
  /** Resolves once mail queued so far has been delivered (in-process apps); a no-op elsewhere. */
  mailSettled?(): Promise<void>;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** A `Cookie` header value carrying the session. */
  cookie: string;
}

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export function signUp(
  client: ApiClient,
  email: string,
  password: string,
  extra: { referralCode?: string | null; ip?: string } = {},
): Promise<Response> {
  const { ip, ...body } = extra;
  return client.request("/api/auth/sign-up/email", {
    method: "POST",
    json: { email, password, ...body },
    ip,
  });
}

/** One message of the dev mailbox, as /dev/mailbox.json lists it. */
export type Mail = StoredMail;

/** Mail the server "sent" to `to` (the dev mailbox), newest first. */
export async function mailTo(client: ApiClient, to: string): Promise<Mail[]> {
  await client.mailSettled?.();
  const res = await client.request(`/dev/mailbox.json?to=${encodeURIComponent(to)}`, { local: true });
  if (!res.ok) throw new Error(`GET /dev/mailbox.json answered ${res.status}`);
  const body: { messages: Mail[] } = await res.json();
  return body.messages;
}

/** The newest mail to `to` whose subject matches, waiting briefly for background delivery. */
export async function waitForMail(client: ApiClient, to: string, subject: RegExp, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailTo(client, to)).find((m) => subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first link in a mail's text that contains `part`. */
export function linkIn(mail: { text: string }, part: string): URL {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(part));
  if (!link) throw new Error(`no link containing ${part} in:\n${mail.text}`);
  return new URL(link);
}

/** Follows the confirmation link of the newest confirmation mail to `email`; returns the redirect target. */
export async function verifyEmail(client: ApiClient, email: string): Promise<string> {
  return (await followConfirmation(client, email)).location;
}

/**
 * Follows the confirmation link of the newest confirmation mail to `email` from the browser whose cookies are
 * `cookie`: the redirect target and the cookies it set (a first confirmation signs the browser in).
 */
export async function followConfirmation(
  client: ApiClient,
  email: string,
  cookie?: string,
  ip?: string,
): Promise<{ location: string; cookie: string }> {
  const mail = await waitForMail(client, email, /confirm/i);
  const link = linkIn(mail, "/api/auth/verify-email");
  const res = await client.request(link.pathname + link.search, { ...(cookie ? { cookie } : {}), ip });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`verification answered ${res.status}`);
  return { location, cookie: cookieFrom(res) };
}

/** The session cookies a response sets, as a `Cookie` header value. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Signs in and returns the session as a `Cookie` header value; throws unless the sign-in succeeds. */
export async function signIn(
  client: ApiClient,
  email: string,
  password: string,
  options: { ip?: string } = {},
): Promise<string> {
  const res = await client.request("/api/auth/sign-in/email", {
    method: "POST",
    json: { email, password },
    ip: options.ip,
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return cookieFrom(res);
}

/** A confirmed, signed-in user made through the API. */
export async function createVerifiedUser(
  client: ApiClient,
  options: { email?: string; password?: string; referralCode?: string | null; ip?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? `pw-${randomUUID()}`;
  const res = await signUp(client, email, password, { referralCode: options.referralCode, ip: options.ip });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  // As a browser does: the sign-up sets its device cookie, and confirming the address signs it in.
  const device = cookieFrom(res);
  const confirmed = await followConfirmation(client, email, device, options.ip);
  // The session's cookies first (tests read the session token as the first pair), then the device's.
  const cookie = [confirmed.cookie, device].filter(Boolean).join("; ");
  const me = await client.request("/api/me", { cookie });
  const body: { user: { id: string } } = await me.json();
  return { id: body.user.id, email, password, cookie };
}
