import { expect } from "vitest";
import { unsubscribeToken } from "~/server/messages/unsubscribe-token";
import type { Actor, MatrixCase } from "./authorization";
import type { MatrixFixtures } from "./authorization-matrix";

/**
 * The messages' rows of the authorization matrix (docs/product.md, "Messages"): the inbox and the settings are
 * each signed-in player's own; the one-click unsubscribe needs no session — its signed token names the owner,
 * so whoever posts it, only the owner's one kind is turned off.
 */
export function messagesMatrix(f: MatrixFixtures): Record<string, MatrixCase> {
  const signedIn = (status: number) => ({ guest: 401, other: status, owner: status });
  const settingsOf = (actor: Actor) =>
    f.ctx.db
      .selectFrom("message_settings")
      .select(["off_kinds", "daily_cap"])
      .where("user_id", "=", actor.user?.id ?? "")
      .executeTakeFirst();
  return {
    "GET /api/messages": {
      request: () => ({ path: "/api/messages" }),
      expect: signedIn(200),
      check: async (actor, res) => {
        const mine = await f.ctx.db
          .selectFrom("messages")
          .select("id")
          .where("user_id", "=", actor.user!.id)
          .execute();
        const listed = (res as { messages: { id: number }[] }).messages.map((m) => m.id).sort();
        expect(listed).toEqual(mine.map((m) => Number(m.id)).sort());
      },
    },
    "POST /api/messages/read": {
      request: () => ({ path: "/api/messages/read", init: { method: "POST", json: { upTo: 2 ** 31 } } }),
      expect: signedIn(200),
    },
    "GET /api/messages/settings": {
      request: () => ({ path: "/api/messages/settings" }),
      expect: signedIn(200),
    },
    "PUT /api/messages/settings": {
      request: () => ({ path: "/api/messages/settings", init: { method: "PUT", json: { dailyCap: 2 } } }),
      expect: signedIn(200),
      // The change lands on the actor's own row.
      check: async (actor) => expect((await settingsOf(actor))?.daily_cap).toBe(2),
    },
    "POST /api/messages/unsubscribe": {
      request: () => ({
        path: `/api/messages/unsubscribe?token=${encodeURIComponent(unsubscribeToken(f.ctx.env.authSecret!, f.owner.id, "come_back"))}`,
        init: { method: "POST", body: "List-Unsubscribe=One-Click" },
      }),
      expect: { guest: 200, other: 200, owner: 200 },
      check: async (actor) => {
        if (actor.role !== "owner" && actor.user)
          expect((await settingsOf(actor))?.off_kinds ?? []).not.toContain("come_back");
      },
    },
  };
}
