import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminContextForFile, createEditor } from "#tests/support/admin";
import type { TestUser } from "#tests/support/factories";
import { pngFile } from "#tests/support/kyc-files";
import { captionsVtt, repoWebm, tinyMp4 } from "#tests/support/video-files";
import { listVideos, startWatch } from "./videos.service";

/**
 * Videos by upload (docs/product.md, "Content operations"): the type and the duration come from the file's
 * bytes, a watch pays the video's reward only after that duration by the server's clock, a refused file stores
 * nothing, and the schedule decides what players see.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "ple-videos-"));
const MAX_BYTES = 100 * 1024;
const { ctx } = adminContextForFile({ DATA_DIR: dataDir, VIDEO_MAX_UPLOAD_BYTES: String(MAX_BYTES) });

const editor = () => createEditor(ctx);

const uploadForm = (file: Uint8Array, name: string, fields: Record<string, string | Blob> = {}) => {
  const form = new FormData();
  form.set("file", new File([file.slice()], name, { type: "video/mp4" }));
  form.set("title", "Our Product Tour");
  form.set("description", "A short tour of the app.");
  form.set("reward", "5");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};
const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
const upload = async (who: TestUser | null, form: FormData) =>
  answer(await ctx.request("/api/admin/videos", { method: "POST", cookie: who?.cookie, form }));
const patch = async (who: TestUser | null, id: string, json: unknown) =>
  answer(await ctx.request(`/api/admin/videos/${id}`, { method: "PATCH", cookie: who?.cookie, json }));
const playerVideos = async () => (await (await ctx.api().videos.$get()).json()).videos;
const storedFiles = () => readdirSync(path.join(dataDir, "videos"), { withFileTypes: false }).sort();
const videoCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom("videos")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

interface Uploaded {
  id: string;
  durationSeconds: number;
  sourceUrl: string;
  captionsUrl: string | null;
  reward: number;
  state: string;
}
async function uploaded(who: TestUser, form: FormData): Promise<Uploaded> {
  const res = await upload(who, form);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { video: Uploaded }).video;
}

describe("an upload", () => {
  it("reads the duration from the file (a typed one is ignored), stores and serves it, audited", async () => {
    const ed = await editor();
    const video = await uploaded(
      ed,
      uploadForm(tinyMp4(7.4), "tour.mp4", {
        durationSeconds: "1",
        captions: new File([captionsVtt()], "tour.vtt"),
      }),
    );
    expect(video).toMatchObject({ durationSeconds: 8, reward: 5, state: "live" });
    expect(video.sourceUrl).toBe(`/media/uploads/${video.id}.mp4`);
    expect(video.captionsUrl).toBe(`/media/uploads/${video.id}.vtt`);

    const part = await ctx.app.request(video.sourceUrl, { headers: { range: "bytes=4-7" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-type")).toBe("video/mp4");
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe("ftyp");

    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["actor_id", "after"])
      .where("action", "=", "content.video.create")
      .where("target_id", "=", video.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_id).toBe(ed.id);
    expect(JSON.stringify(audit[0]?.after)).toContain('"durationSeconds":8');

    const listed = (await playerVideos()).find((v) => v.id === video.id);
    expect(listed).toMatchObject({ title: "Our Product Tour", durationSeconds: 8, reward: 5 });
  });

  it("takes a WebM too (its duration from its segment info)", async () => {
    const video = await uploaded(await editor(), uploadForm(repoWebm().slice(), "clip.webm"));
    expect(video.durationSeconds).toBe(20);
    expect(video.sourceUrl).toMatch(/\.webm$/);
  });

  it("refuses a PNG named .mp4, a truncated MP4 and an over-size file with 422, storing nothing", async () => {
    const ed = await editor();
    const filesBefore = storedFiles();
    const countBefore = await videoCount();
    const cases: [Uint8Array, string, string][] = [
      [
        pngFile(),
        "VIDEO_FILE_TYPE",
        "Upload an MP4 or WebM video (the file's content decides, not its name).",
      ],
      [
        tinyMp4(5).slice(0, 1500),
        "VIDEO_FILE_DAMAGED",
        "The video file is damaged or incomplete: its duration cannot be read from it.",
      ],
      [tinyMp4(5, MAX_BYTES), "VIDEO_FILE_TOO_LARGE", "The video file is too large: at most 0.1 MB."],
      [
        tinyMp4(5, 8 * MAX_BYTES + 3_000_000),
        "VIDEO_FILE_TOO_LARGE",
        "The video file is too large: at most 0.1 MB.",
      ],
    ];
    for (const [bytes, code, message] of cases) {
      const res = await upload(ed, uploadForm(bytes, "movie.mp4"));
      expect(res.status, code).toBe(422);
      expect(res.body).toEqual({ error: { code, message } });
    }
    const badCaptions = await upload(
      ed,
      uploadForm(tinyMp4(3), "ok.mp4", { captions: new File([pngFile()], "c.vtt") }),
    );
    expect(badCaptions.status).toBe(422);
    expect(badCaptions.body).toMatchObject({ error: { code: "VIDEO_CAPTIONS_TYPE" } });
    expect(await videoCount()).toBe(countBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("is for content editors and administrators: players 403, guests 401", async () => {
    const player = await ctx.createVerifiedUser();
    expect((await upload(player, uploadForm(tinyMp4(3), "a.mp4"))).status).toBe(403);
    expect((await upload(null, uploadForm(tinyMp4(3), "a.mp4"))).status).toBe(401);
    expect((await patch(player, "community-highlights", { title: "Mine now" })).status).toBe(403);
  });
});

describe("a watch of an uploaded video", () => {
  it("pays the video's reward only once its duration from the file has passed (the server's clock)", async () => {
    const video = await uploaded(await editor(), uploadForm(tinyMp4(12), "long.mp4", { reward: "4" }));
    const player = await ctx.createVerifiedUser();
    const started = await ctx.api(player).videos[":videoId"].watches.$post({ param: { videoId: video.id } });
    expect(started.status).toBe(201);
    const { watch } = await started.json();
    expect(watch.durationSeconds).toBe(12);
    const complete = async () =>
      (
        await ctx.api(player).videos.watches[":watchId"].complete.$post({ param: { watchId: watch.id } })
      ).json();
    const sat = (seconds: number) =>
      ctx.db
        .updateTable("video_watches")
        .set({ started_at: new Date(Date.now() - seconds * 1000) })
        .where("id", "=", watch.id)
        .execute();
    await sat(5);
    expect(await complete()).toEqual({ earned: null, unpaidReason: "too-early" });
    expect(await ctx.balanceOf(player)).toBe(0);
    await sat(11);
    expect((await complete()).earned).toMatchObject({ amount: 4, reason: "Video watch", balance: 4 });
    expect(await complete()).toEqual({ earned: null, unpaidReason: null });
    expect(await ctx.balanceOf(player)).toBe(4);
  });
});

describe("the schedule", () => {
  it("hides a video before publish at and after retire at (a controlled clock); history stays", async () => {
    const ed = await editor();
    const publishAt = new Date(Date.now() + 3_600_000);
    const retireAt = new Date(publishAt.getTime() + 3_600_000);
    const video = await uploaded(
      ed,
      uploadForm(tinyMp4(3), "later.mp4", {
        publishAt: publishAt.toISOString(),
        retireAt: retireAt.toISOString(),
      }),
    );
    expect(video.state).toBe("scheduled");
    const at = async (when: Date) => (await listVideos(ctx.db, when)).map((v) => v.id);
    expect(await at(new Date(publishAt.getTime() - 1000))).not.toContain(video.id);
    expect(await at(publishAt)).toContain(video.id);
    expect(await at(new Date(retireAt.getTime() - 1))).toContain(video.id);
    expect(await at(retireAt)).not.toContain(video.id);
    expect((await playerVideos()).map((v) => v.id)).not.toContain(video.id);

    const player = await ctx.createVerifiedUser();
    const earner = { userId: player.id };
    await expect(startWatch(ctx.db, { earner, videoId: video.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const live = await startWatch(ctx.db, {
      earner,
      videoId: video.id,
      now: new Date(publishAt.getTime() + 60_000),
    });
    expect(live).toMatchObject({ videoId: video.id });
  });

  it("publishes, edits and retires at once for players; a retired video's paid watch stays in the history", async () => {
    const ed = await editor();
    const video = await uploaded(ed, uploadForm(tinyMp4(3), "now.mp4"));
    const player = await ctx.createVerifiedUser();
    const { watch } = await (
      await ctx.api(player).videos[":videoId"].watches.$post({ param: { videoId: video.id } })
    ).json();
    await ctx.db
      .updateTable("video_watches")
      .set({ started_at: new Date(Date.now() - 10_000) })
      .where("id", "=", watch.id)
      .execute();
    await ctx.api(player).videos.watches[":watchId"].complete.$post({ param: { watchId: watch.id } });

    const edited = await patch(ed, video.id, { title: "Our New Tour", reward: 3 });
    expect(edited.status).toBe(200);
    expect((await playerVideos()).find((v) => v.id === video.id)).toMatchObject({
      title: "Our New Tour",
      reward: 3,
    });

    const retired = await patch(ed, video.id, { retireAt: new Date(Date.now() - 1000).toISOString() });
    expect(retired.body).toMatchObject({ video: { state: "retired" } });
    expect((await playerVideos()).map((v) => v.id)).not.toContain(video.id);
    const history = await (await ctx.api(player).ledger.transactions.$get({ query: { limit: "20" } })).json();
    expect(JSON.stringify(history)).toContain("Video watch");
    expect(await ctx.balanceOf(player)).toBe(5);

    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("action", "=", "content.video.update")
      .where("target_id", "=", video.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [
        { title: "Our Product Tour", reward: 5 },
        { title: "Our New Tour", reward: 3 },
      ],
      [{ retireAt: null }, { retireAt: expect.any(String) }],
    ]);
    const bad = await patch(ed, video.id, {
      publishAt: "2030-01-02T00:00:00Z",
      retireAt: "2030-01-01T00:00:00Z",
    });
    expect(bad.status).toBe(422);
  });

  it("the console lists every video, retired ones too, a page at a time", async () => {
    const ed = await editor();
    const res = await answer(await ctx.request("/api/admin/videos", { cookie: ed.cookie }));
    expect(res.status).toBe(200);
    const { videos } = res.body as { videos: { id: string; state: string }[] };
    expect(videos.map((v) => v.id)).toEqual(expect.arrayContaining(["community-highlights"]));
    expect(videos.some((v) => v.state === "retired")).toBe(true);
  });
});
