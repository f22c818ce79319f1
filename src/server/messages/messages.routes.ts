import {
  inboxPageSchema,
  inboxQuerySchema,
  markReadSchema,
  messageSettingsSchema,
  messageSettingsUpdateSchema,
  unreadSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from "~/core/api/messages";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { clientIp } from "../http/client-ip";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, query } from "../http/validate";
import {
  getMessageSettings,
  listInbox,
  markRead,
  unsubscribe,
  updateMessageSettings,
} from "./messages.service";

/**
 * The messages a player gets (docs/product.md, "Messages"):
 * GET /api/messages?before= — the inbox, newest first, 20 a page, with the unread count;
 * POST /api/messages/read { upTo } — the messages up to that id are read (the inbox showed them);
 * GET / PUT /api/messages/settings — kinds on or off, time zone, quiet hours, daily cap;
 * POST /api/messages/unsubscribe?token= — one-click unsubscribe (RFC 8058) from a mail, without a session: the
 * signed token turns off its one kind for its one player (AUTH_RATE_LIMIT a minute per client IP).
 */
export const createMessagesRoutes = (deps: AppDeps) => {
  const limitUnsubscribes = rateLimit(deps.rateLimitStore, (c) => [
    { key: `unsubscribe:ip:${clientIp(c, deps.env.trustProxy)}`, limit: deps.env.authRateLimit },
  ]);
  return createRouter()
    .get(
      "/",
      responds(
        { 200: inboxPageSchema },
        { summary: "The inbox: messages newest first, with the unread count" },
      ),
      requireUser(deps),
      query(inboxQuerySchema),
      async (c) => c.json(await listInbox(deps.db, c.var.user.id, c.req.valid("query").before)),
    )
    .post(
      "/read",
      responds({ 200: unreadSchema }, { summary: "Marks the inbox's messages up to an id read" }),
      requireUser(deps),
      jsonBody(markReadSchema),
      async (c) => c.json(await markRead(deps.db, c.var.user.id, c.req.valid("json").upTo)),
    )
    .get(
      "/settings",
      responds({ 200: messageSettingsSchema }, { summary: "Which messages the player gets, and when" }),
      requireUser(deps),
      async (c) => c.json(await getMessageSettings(deps.db, c.var.user.id)),
    )
    .put(
      "/settings",
      responds(
        { 200: messageSettingsSchema },
        {
          summary: "Turns message kinds on or off; sets the time zone, quiet hours and daily cap",
          description: "Money and account messages stay on whatever the request says.",
        },
      ),
      requireUser(deps),
      jsonBody(messageSettingsUpdateSchema),
      async (c) => c.json(await updateMessageSettings(deps.db, c.var.user.id, c.req.valid("json"))),
    )
    .post(
      "/unsubscribe",
      responds(
        { 200: unsubscribedSchema },
        {
          summary: "One-click unsubscribe from a mail (RFC 8058), no session needed",
          description:
            "The token (from the mail's List-Unsubscribe header) turns off one message kind for one player. Audited.",
          errors: ["UNSUBSCRIBE_LINK_INVALID"],
        },
      ),
      limitUnsubscribes,
      query(unsubscribeQuerySchema),
      async (c) => {
        const secret = deps.env.authSecret ?? "";
        const { kind } = await unsubscribe(
          { db: deps.db, secret },
          c.req.valid("query").token,
          c.var.requestId,
        );
        return c.json({ kind, on: false as const });
      },
    );
};
