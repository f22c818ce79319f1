import type { AppDeps } from "../app-deps";
import type { Env } from "../env";
import { AppError } from "../errors";
import { isLocalOperator } from "../http/local-operator";
import { createRouter } from "../http/router";
import { listDevMail, type StoredMail } from "./dev-mailbox";
import { escapeHtml, linkify } from "./links";

function page(mails: StoredMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · <time datetime="${m.createdAt}">${m.createdAt}</time></p>
  <pre>${linkify(m.text)}</pre>
</article>`,
        )
        .join("\n")
    : "<p>No mail yet.</p>";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}h2{font-size:1.1rem;margin:.5rem 0}.meta{color:#555;margin:0}pre{white-space:pre-wrap}</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Mail the server would have sent (SMTP_URL is not set); shown only on this machine. Newest first. JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
${items}
</body>
</html>`;
}

/** Where mail goes, for the start-up log: the SMTP server, or the dev mailbox and who may read it. */
export function mailDeliveryNote(env: Pick<Env, "smtpUrl" | "nodeEnv" | "appUrl">): string {
  if (env.smtpUrl) return `mail goes to the SMTP server ${new URL(env.smtpUrl).host} (SMTP_URL)`;
  return `SMTP_URL is not set: mail is kept in the dev mailbox, readable only from this machine at ${env.appUrl}/dev/mailbox (loopback, no proxy)`;
}

/**
 * GET /dev/mailbox (HTML) and /dev/mailbox.json: only when SMTP_URL is unset and outside production, and only
 * for the person at the machine (isLocalOperator: loopback peer, loopback host, no proxy in between). Anyone
 * else — and everyone with SMTP_URL set or in production — gets the normal 404. The mailbox holds password-reset
 * links: whoever reads it can take over any account.
 */
export const createDevMailboxRoutes = ({ env, db }: AppDeps) => {
  const router = createRouter();
  const served = env.nodeEnv !== "production" && !env.smtpUrl;
  router.use("*", async (c, next) => {
    if (!served || !isLocalOperator(c)) throw new AppError("NOT_FOUND");
    await next();
    c.header("Cache-Control", "no-store");
  });
  router.get("/mailbox.json", async (c) =>
    c.json({ messages: await listDevMail(db, { to: c.req.query("to") }) }),
  );
  router.get("/mailbox", async (c) => c.html(page(await listDevMail(db, { to: c.req.query("to") }))));
  router.all("*", () => {
    throw new AppError("NOT_FOUND");
  });
  return router;
};
