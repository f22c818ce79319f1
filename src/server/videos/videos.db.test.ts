import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchVideoToEnd } from "../../../tests/support/earning";
import type { TestUser } from "../../../tests/support/factories";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ VIDEO_WATCH_LIMIT: "5" });
});
afterAll(async () => {
  await ctx.close();
});

const balanceOf = (user: TestUser) => ctx.balanceOf(user);

const startWatch = (user: TestUser | undefined, videoId: string) =>
  ctx.api(user).videos[":videoId"].watches.$post({ param: { videoId } });

async function start(user: TestUser, videoId = "tutorial-get-started") {
  const res = await startWatch(user, videoId);
  expect(res.status).toBe(201);
  return (await res.json()).watch;
}

const complete = (user: TestUser, watchId: string) =>
  ctx.api(user).videos.watches[":watchId"].complete.$post({ param: { watchId } });

/** Moves a watch's start `seconds` into the past: the time the viewer has sat through. */
const watchedFor = (watchId: string, seconds: number) =>
  ctx.db
    .updateTable("video_watches")
    .set({ started_at: new Date(Date.now() - seconds * 1000) })
    .where("id", "=", watchId)
    .execute();

describe("the catalogue", () => {
  it("lists three videos of 15-30 s with their own files and captions, for everyone", async () => {
    const res = await ctx.api().videos.$get();
    expect(res.status).toBe(200);
    const { videos } = await res.json();
    expect(videos.map((v) => v.title)).toEqual([
      "Exciting New Content!",
      "Tutorial: Get Started",
      "Community Highlights",
    ]);
    for (const v of videos) {
      expect(v.durationSeconds).toBeGreaterThanOrEqual(15);
      expect(v.durationSeconds).toBeLessThanOrEqual(30);
      expect(v.sourceUrl).toBe(`/media/videos/${v.id}.webm`);
      expect(v.captionsUrl).toBe(`/media/videos/${v.id}.vtt`);
    }
  });
});

describe("a watch", () => {
  it("that ends before the video's duration pays nothing; after it, 10 coins exactly once", async () => {
    const user = await ctx.createVerifiedUser();
    const watch = await start(user);
    expect(watch.durationSeconds).toBe(20);

    const early = await complete(user, watch.id);
    expect(early.status).toBe(200);
    expect(await early.json()).toEqual({ earned: null, unpaidReason: "too-early" });
    await watchedFor(watch.id, watch.durationSeconds - 3);
    expect(await (await complete(user, watch.id)).json()).toEqual({
      earned: null,
      unpaidReason: "too-early",
    });
    expect(await balanceOf(user)).toBe(0);

    // The server allows 2 s for players and networks: duration minus 2 s counts as the whole video.
    await watchedFor(watch.id, watch.durationSeconds - 1);
    expect(await (await complete(user, watch.id)).json()).toEqual({
      earned: {
        entryId: expect.any(Number),
        amount: 10,
        reason: "Video watch",
        balance: 10,
        referralBonus: 0,
        goalCoinsToday: 10,
      },
      unpaidReason: null,
    });
    expect(await (await complete(user, watch.id)).json()).toEqual({ earned: null, unpaidReason: null });
    expect(await balanceOf(user)).toBe(10);
  });

  it("pays each video once per UTC day: a second full watch of it pays nothing, another video pays", async () => {
    const user = await ctx.createVerifiedUser();
    expect(
      (await watchVideoToEnd(ctx.client, ctx.db, user, "community-highlights")).body.earned?.amount,
    ).toBe(10);
    expect((await watchVideoToEnd(ctx.client, ctx.db, user, "community-highlights")).body).toEqual({
      earned: null,
      unpaidReason: "daily-limit",
    });
    expect(
      (await watchVideoToEnd(ctx.client, ctx.db, user, "exciting-new-content")).body.earned?.amount,
    ).toBe(10);
    expect(await balanceOf(user)).toBe(20);
  });

  it("pays at most the limit when many full watches of one video end at once", async () => {
    const user = await ctx.createVerifiedUser();
    const watches = [];
    for (let i = 0; i < 4; i++) watches.push(await start(user, "exciting-new-content"));
    for (const w of watches) await watchedFor(w.id, 30);
    const results = await Promise.all(watches.map((w) => complete(user, w.id)));
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(bodies.filter((b) => b.earned !== null)).toHaveLength(1);
    expect(await balanceOf(user)).toBe(10);
  });

  it("is only the watcher's own: another user's watch is 404", async () => {
    const user = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    const watch = await start(user);
    await watchedFor(watch.id, 30);
    expect((await complete(other, watch.id)).status).toBe(404);
    expect(await balanceOf(other)).toBe(0);
  });

  it("refuses guests with the Login Required text, and unknown videos and watches with 404", async () => {
    const res = await startWatch(undefined, "tutorial-get-started");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "LOGIN_REQUIRED", message: "You need to be logged in to earn coins." },
    });
    const user = await ctx.createVerifiedUser();
    expect((await startWatch(user, "nope")).status).toBe(404);
    expect((await complete(user, crypto.randomUUID())).status).toBe(404);
  });

  it("limits how fast a script can start watches, per user", async () => {
    const user = await ctx.createVerifiedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await startWatch(user, "community-highlights")).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  it("records the referral bonus of both users as pending on the friend's first paid watch", async () => {
    const referrer = await ctx.createVerifiedUser();
    const me = await (await ctx.api(referrer).me.$get()).json();
    const friend = await ctx.createVerifiedUser({ referralCode: me.profile.referralCode.toLowerCase() });
    const { body } = await watchVideoToEnd(ctx.client, ctx.db, friend);
    expect(body.earned).toMatchObject({ amount: 10, balance: 10, referralBonus: 0 });
    await ctx.deps.jobs.drain();
    const balances = async (user: { cookie: string }) => (await ctx.api(user).ledger.balance.$get()).json();
    expect(await balances(referrer)).toEqual({ balance: 0, pending: 50 });
    expect(await balances(friend)).toEqual({ balance: 10, pending: 50 });
    const again = await watchVideoToEnd(ctx.client, ctx.db, friend, "community-highlights");
    expect(again.body.earned).toMatchObject({ amount: 10, balance: 20, referralBonus: 0 });
    await ctx.deps.jobs.drain();
    expect(await balances(referrer)).toEqual({ balance: 0, pending: 50 });
  });
});

describe("the video files", () => {
  it("are served with range requests, the right type and caching", async () => {
    const full = await ctx.app.request("/media/videos/tutorial-get-started.webm");
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("video/webm");
    expect(full.headers.get("accept-ranges")).toBe("bytes");
    expect(full.headers.get("cache-control")).toContain("max-age=");
    const size = Number(full.headers.get("content-length"));
    expect(size).toBeGreaterThan(10_000);
    expect(size).toBeLessThan(1_000_000);
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect(bytes.length).toBe(size);

    const part = await ctx.app.request("/media/videos/tutorial-get-started.webm", {
      headers: { range: "bytes=100-199" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${size}`);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...bytes.slice(100, 200)]);

    const tail = await ctx.app.request("/media/videos/tutorial-get-started.webm", {
      headers: { range: "bytes=-10" },
    });
    expect(tail.status).toBe(206);
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([...bytes.slice(size - 10)]);

    const beyond = await ctx.app.request("/media/videos/tutorial-get-started.webm", {
      headers: { range: `bytes=${size}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);

    const captions = await ctx.app.request("/media/videos/tutorial-get-started.vtt");
    expect(captions.headers.get("content-type")).toContain("text/vtt");
    expect(await captions.text()).toMatch(/^WEBVTT/);
  });

  it("serves nothing outside the media folder", async () => {
    for (const path of [
      "/media/videos/..%2F..%2Fpackage.json",
      "/media/videos/x.js",
      "/media/videos/nope.webm",
    ])
      expect((await ctx.app.request(path)).status, path).toBe(404);
  });
});
