import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
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
<p>Mail the server would have sent (SMTP_URL is not set). Newest first. JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
${items}
</body>
</html>`;
}

/** GET /dev/mailbox (HTML) and /dev/mailbox.json — outside production only; a 404 there. */
export const createDevMailboxRoutes = ({ env, db }: AppDeps) => {
  const router = createRouter();
  if (env.nodeEnv === "production") {
    router.all("/mailbox", () => {
      throw new AppError("NOT_FOUND");
    });
    router.all("/mailbox.json", () => {
      throw new AppError("NOT_FOUND");
    });
    return router;
  }
  router.get("/mailbox.json", async (c) =>
    c.json({ messages: await listDevMail(db, { to: c.req.query("to") }) }),
  );
  router.get("/mailbox", async (c) => c.html(page(await listDevMail(db, { to: c.req.query("to") }))));
  return router;
};
