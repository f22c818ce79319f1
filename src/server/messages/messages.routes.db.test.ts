import { describe, expect, it } from "vitest";
import type { TestUser } from "#tests/support/factories";
import { contextForFile } from "#tests/support/made-before-all";
import { utcDay } from "~/core/utc-day";
import { noteGoalMet } from "./message-scans.job";
import { updateMessageSettings } from "./messages.service";
import { unsubscribeToken } from "./unsubscribe-token";

/**
 * The messages API (docs/product.md, "Messages"): the inbox paged by key with its unread count, marking read,
 * the settings on /account, and one-click unsubscribe (RFC 8058) without a session.
 */
const ctx = contextForFile();

async function milestoneMail(user: TestUser) {
  await updateMessageSettings(ctx.db, user.id, { quietStart: 0, quietEnd: 0 });
  await ctx.db.transaction().execute((trx) => noteGoalMet(trx, user.id, utcDay(new Date()), 7));
  await ctx.deps.jobs.drain();
  const mail = (await ctx.mailTo(user.email)).find((m) => m.subject.includes("7 days in a row"));
  if (!mail?.headers) throw new Error("no milestone mail with headers");
  return mail;
}

/** What a mail provider does with List-Unsubscribe-Post: a POST of the form field, no cookie, no Origin. */
const oneClick = (url: string) =>
  ctx.request(url.replace("http://localhost:3000", ""), {
    method: "POST",
    origin: null,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

const kindsOn = async (user: TestUser) =>
  Object.fromEntries(
    (await (await ctx.api(user).messages.settings.$get()).json()).kinds.map((k) => [k.kind, k.on]),
  );

describe("one-click unsubscribe", () => {
  it("a POST to the mail's List-Unsubscribe URL without a session turns off that kind only, audited", async () => {
    const user = await ctx.createVerifiedUser();
    const mail = await milestoneMail(user);
    const url = mail.headers!["List-Unsubscribe"]!.slice(1, -1);
    const res = await oneClick(url);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: "streak_milestone", on: false });
    expect(await kindsOn(user)).toEqual({
      referral: true,
      redemption: true,
      kyc: true,
      streak_milestone: false,
      streak_at_risk: true,
      come_back: true,
    });
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "target_id", "actor_id"])
      .where("target_id", "=", user.id)
      .where("action", "=", "messages.unsubscribe")
      .execute();
    expect(audit).toEqual([{ action: "messages.unsubscribe", target_id: user.id, actor_id: null }]);
    // Again: still off, no second audit row.
    expect((await oneClick(url)).status).toBe(200);
    expect(
      await ctx.db.selectFrom("audit_log").select("id").where("target_id", "=", user.id).execute(),
    ).toHaveLength(1);
  });

  it("cannot change another player's preferences: a token edited to name someone else is refused", async () => {
    const alice = await ctx.createVerifiedUser();
    const bob = await ctx.createVerifiedUser();
    const aliceToken = unsubscribeToken(ctx.env.authSecret!, alice.id, "come_back");
    const [, kind, signature] = aliceToken.split(".");
    const forged = `${Buffer.from(bob.id).toString("base64url")}.${kind}.${signature}`;
    const res = await oneClick(`/api/messages/unsubscribe?token=${encodeURIComponent(forged)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "UNSUBSCRIBE_LINK_INVALID" } });
    // Changing the kind breaks the signature too, and a money kind cannot be unsubscribed at all.
    const otherKind = aliceToken.replace(".come_back.", ".streak_at_risk.");
    expect((await oneClick(`/api/messages/unsubscribe?token=${encodeURIComponent(otherKind)}`)).status).toBe(
      400,
    );
    const money = unsubscribeToken(ctx.env.authSecret!, alice.id, "redemption");
    expect((await oneClick(`/api/messages/unsubscribe?token=${encodeURIComponent(money)}`)).status).toBe(400);
    expect(Object.values(await kindsOn(bob)).every(Boolean)).toBe(true);
    expect(Object.values(await kindsOn(alice)).every(Boolean)).toBe(true);
    expect((await oneClick("/api/messages/unsubscribe")).status).toBe(422);
  });
});

describe("the settings", () => {
  it("start at the stated defaults; optional kinds turn off, money kinds stay on; bad input is a 422", async () => {
    const user = await ctx.createVerifiedUser();
    const api = ctx.api(user).messages.settings;
    expect(await (await api.$get()).json()).toMatchObject({
      timeZone: "UTC",
      quietStart: 22,
      quietEnd: 8,
      dailyCap: 3,
    });
    const res = await api.$put({
      json: { kinds: { come_back: false, redemption: false }, timeZone: "Europe/Paris", dailyCap: 1 },
    });
    expect(res.status).toBe(200);
    expect(await kindsOn(user)).toMatchObject({ come_back: false, redemption: true });
    expect(await (await api.$get()).json()).toMatchObject({ timeZone: "Europe/Paris", dailyCap: 1 });
    expect((await api.$put({ json: { timeZone: "Mars/Olympus" } })).status).toBe(422);
    expect((await api.$put({ json: { quietStart: 24 } })).status).toBe(422);
    expect((await ctx.api().messages.settings.$get()).status).toBe(401);
  });
});

describe("the inbox", () => {
  it("pages by key, newest first, counts the unread and marks read up to what was seen", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    const rows = Array.from({ length: 25 }, (_, i) => ({
      user_id: user.id,
      kind: "come_back",
      event_key: `inbox-test:${user.id}:${i}`,
      title: `Message ${i}`,
      body: "b",
      link: "/referral",
      created_at: new Date(),
    }));
    await ctx.db.insertInto("messages").values(rows).execute();
    await ctx.db
      .insertInto("messages")
      .values({ ...rows[0]!, user_id: other.id, event_key: `inbox-test:${other.id}` })
      .execute();
    const api = ctx.api(user).messages;
    const first = await (await api.$get({ query: {} })).json();
    expect(first.unread).toBe(25);
    expect(first.messages.map((m) => m.title).slice(0, 2)).toEqual(["Message 24", "Message 23"]);
    expect(first.messages).toHaveLength(20);
    const second = await (await api.$get({ query: { before: first.nextCursor! } })).json();
    expect(second.messages.map((m) => m.title)).toEqual([
      "Message 4",
      "Message 3",
      "Message 2",
      "Message 1",
      "Message 0",
    ]);
    expect(second.nextCursor).toBeNull();
    const read = await api.read.$post({ json: { upTo: first.messages[0]!.id } });
    expect(await read.json()).toEqual({ unread: 0 });
    // Another player's messages are not touched by it, and are never listed.
    expect((await (await ctx.api(other).messages.$get({ query: {} })).json()).unread).toBe(1);
    expect((await ctx.api().messages.$get({ query: {} })).status).toBe(401);
  });
});
