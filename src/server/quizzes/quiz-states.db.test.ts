import { describe, expect, it } from "vitest";
import { adminContextForFile, createEditor } from "#tests/support/admin";
import { answerQuizCorrectly } from "#tests/support/earning";
import type { TestUser } from "#tests/support/factories";
import { QUIZ_CSV_HEADER } from "~/core/api/quiz-import";
import { toCsv } from "~/core/csv";
import { getAllowance } from "../earning/earning.service";
import { listQuizzes, startSession } from "./quizzes.service";

/**
 * Quiz states (docs/product.md, "Content operations" and "Quizzes"; ADR 115): an import is a draft no player sees;
 * Publish shows it (from its publish at, if any); Retire or a passed retire at hides it and starts no round, while
 * the rounds played keep their history lines. Each change is audited; the preview pays nothing and stores nothing.
 */
const { ctx, admin } = adminContextForFile();

const editor = () => createEditor(ctx);
const send = (who: TestUser | null, path: string, method = "GET", json?: unknown) =>
  ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
const listed = async (who: TestUser | null) =>
  ((await (await send(who, "/api/quizzes")).json()).quizzes as { id: string }[]).map((q) => q.id);
const allowanceIds = async (who: TestUser) =>
  ((await (await send(who, "/api/earning/allowance")).json()).quizzes as { quizId: string }[]).map(
    (q) => q.quizId,
  );
const start = (who: TestUser | null, quizId: string) => send(who, `/api/quizzes/${quizId}/sessions`, "POST");

/** Imports a quiz of `count` questions named `name`; answers its id. */
async function importQuiz(who: TestUser, name: string, count = 15): Promise<string> {
  const rows = Array.from({ length: count }, (_, i) => [
    `${name} question ${i + 1}?`,
    `Right ${i}`,
    `Wrong ${i}`,
    "",
    "",
    "",
    "",
    `Right ${i}`,
    "",
  ]);
  const form = new FormData();
  form.set("name", name);
  form.set("file", new File([toCsv([[...QUIZ_CSV_HEADER], ...rows])], "quiz.csv", { type: "text/csv" }));
  const res = await ctx.request("/api/admin/quizzes/import", { method: "POST", cookie: who.cookie, form });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).quiz.id;
}
const auditOf = (action: string, targetId: string) =>
  ctx.db
    .selectFrom("audit_log")
    .select(["actor_id", "before", "after"])
    .where("action", "=", action)
    .where("target_id", "=", targetId)
    .orderBy("id")
    .execute();
const countRows = async (table: "quiz_sessions" | "coin_ledger") =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a quiz's states", () => {
  it("an import is a draft: not listed, not startable, not in the allowance; Publish shows it at once, audited", async () => {
    const ed = await editor();
    const player = await ctx.createVerifiedUser();
    const id = await importQuiz(ed, "Draft Capitals");
    const detail = await (await send(ed, `/api/admin/quizzes/${id}`)).json();
    expect(detail.quiz).toMatchObject({ status: "draft", state: "draft", publishAt: null, retireAt: null });
    expect(await listed(player)).not.toContain(id);
    expect(await listed(null)).not.toContain(id);
    expect(await allowanceIds(player)).not.toContain(id);
    const refused = await start(player, id);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.code).toBe("NOT_FOUND");
    expect((await start(null, id)).status).toBe(404);

    const published = await send(ed, `/api/admin/quizzes/${id}/publish`, "POST");
    expect(published.status).toBe(200);
    expect((await published.json()).quiz).toMatchObject({ status: "published", state: "live" });
    expect(await auditOf("content.quiz.publish", id)).toEqual([
      { actor_id: ed.id, before: { status: "draft" }, after: { status: "published" } },
    ]);
    expect(await listed(player)).toContain(id);
    expect(await allowanceIds(player)).toContain(id);
    const round = await start(player, id);
    expect(round.status).toBe(201);
    expect((await round.json()).questions).toHaveLength(10);
  });

  it("a published quiz is invisible before its publish at and listed from it on (a controlled clock)", async () => {
    const ed = await editor();
    const player = await ctx.createVerifiedUser();
    const id = await importQuiz(ed, "Scheduled Rivers");
    const publishAt = new Date(Date.now() + 3_600_000);
    const patched = await send(ed, `/api/admin/quizzes/${id}`, "PATCH", {
      publishAt: publishAt.toISOString(),
    });
    expect(patched.status).toBe(200);
    expect(await auditOf("content.quiz.update", id)).toEqual([
      { actor_id: ed.id, before: { publishAt: null }, after: { publishAt: publishAt.toISOString() } },
    ]);
    await send(ed, `/api/admin/quizzes/${id}/publish`, "POST");
    expect((await (await send(ed, `/api/admin/quizzes/${id}`)).json()).quiz.state).toBe("scheduled");
    // Now (before publish at), over HTTP: hidden and not startable.
    expect(await listed(player)).not.toContain(id);
    expect((await start(player, id)).status).toBe(404);

    const ids = async (at: Date) => (await listQuizzes(ctx.db, at)).map((q) => q.id);
    expect(await ids(new Date(publishAt.getTime() - 1000))).not.toContain(id);
    expect(await ids(publishAt)).toContain(id);
    const later = new Date(publishAt.getTime() + 60_000);
    expect((await getAllowance(ctx.db, player.id, later)).quizzes.map((q) => q.quizId)).toContain(id);
    const round = await startSession(ctx.db, { quizId: id, userId: player.id, now: later });
    expect(round.questions).toHaveLength(10);
    await expect(
      startSession(ctx.db, { quizId: id, userId: player.id, now: new Date(publishAt.getTime() - 1000) }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("gone from the lists from its retire at on, and by Retire; the history keeps the rounds' names", async () => {
    const ed = await editor();
    const player = await ctx.createVerifiedUser();
    await answerQuizCorrectly(ctx, player, 10, "history");
    await answerQuizCorrectly(ctx, player, 3, "science");
    const lines = async () =>
      ((await (await send(player, "/api/ledger/transactions")).json()).entries as { reason: string }[]).map(
        (l) => l.reason,
      );
    const before = await lines();
    expect(before.some((r) => r.startsWith("World History"))).toBe(true);

    // A retire at one second ago: gone at once, with no restart.
    const retireAt = new Date(Date.now() - 1000).toISOString();
    expect((await send(ed, "/api/admin/quizzes/history", "PATCH", { retireAt })).status).toBe(200);
    expect((await (await send(ed, "/api/admin/quizzes/history")).json()).quiz).toMatchObject({
      status: "published",
      state: "retired",
    });
    // Retire: the other way to the same end, audited.
    const retired = await send(ed, "/api/admin/quizzes/science/retire", "POST");
    expect((await retired.json()).quiz).toMatchObject({ status: "retired", state: "retired" });
    expect(await auditOf("content.quiz.retire", "science")).toEqual([
      { actor_id: ed.id, before: { status: "published" }, after: { status: "retired" } },
    ]);

    for (const id of ["history", "science"]) {
      expect(await listed(player)).not.toContain(id);
      expect(await allowanceIds(player)).not.toContain(id);
      expect((await start(player, id)).status).toBe(404);
    }
    const seeded = async () =>
      (await listed(player)).filter((q) => ["general", "science", "history"].includes(q));
    expect(await seeded()).toEqual(["general"]);
    expect(await lines()).toEqual(before);

    // Publish brings a retired quiz back, and clears a retire at already passed.
    await send(ed, "/api/admin/quizzes/science/publish", "POST");
    const back = await (await send(ed, "/api/admin/quizzes/history/publish", "POST")).json();
    expect(back.quiz).toMatchObject({ status: "published", state: "live", retireAt: null });
    expect((await auditOf("content.quiz.publish", "history")).at(-1)).toMatchObject({
      before: { status: "published", retireAt },
      after: { status: "published", retireAt: null },
    });
    expect(await seeded()).toEqual(["general", "science", "history"]);
  });

  it("refuses a retire at before the publish at (422) and changes nothing", async () => {
    const ed = await editor();
    const res = await send(ed, "/api/admin/quizzes/general", "PATCH", {
      publishAt: "2030-01-02T00:00:00Z",
      retireAt: "2030-01-01T00:00:00Z",
    });
    expect(res.status).toBe(422);
    await send(ed, "/api/admin/quizzes/general", "PATCH", { retireAt: "2030-01-01T00:00:00Z" });
    expect(
      (await send(ed, "/api/admin/quizzes/general", "PATCH", { publishAt: "2030-01-02T00:00:00Z" })).status,
    ).toBe(422);
    await send(ed, "/api/admin/quizzes/general", "PATCH", { retireAt: null });
    expect((await (await send(ed, "/api/admin/quizzes/general")).json()).quiz).toMatchObject({
      publishAt: null,
      retireAt: null,
      state: "live",
    });
  });
});

describe("the preview", () => {
  it("draws 10 of a draft's 15 questions with answers, and writes no session, ledger or audit row", async () => {
    const ed = await editor();
    const id = await importQuiz(ed, "Preview Lakes");
    const sessions = await countRows("quiz_sessions");
    const ledger = await countRows("coin_ledger");
    const audits = await auditOf("content.quiz.import", id);
    const res = await send(ed, `/api/admin/quizzes/${id}/preview`);
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect(preview.quiz).toEqual({ id, name: "Preview Lakes", state: "draft" });
    expect(preview.questions).toHaveLength(10);
    expect(new Set(preview.questions.map((q: { id: string }) => q.id)).size).toBe(10);
    for (const q of preview.questions) {
      expect(q.options).toContain(q.answer);
      expect(q.answer).toMatch(/^Right \d+$/);
    }
    expect(await countRows("quiz_sessions")).toBe(sessions);
    expect(await countRows("coin_ledger")).toBe(ledger);
    expect(await auditOf("content.quiz.import", id)).toEqual(audits);
    expect((await send(ed, "/api/admin/quizzes/no-such-quiz/preview")).status).toBe(404);
  });
});

describe("who may change states", () => {
  it("editors and administrators may; a player gets 403 and a guest 401, and nothing changes", async () => {
    const ed = await editor();
    const player = await ctx.createVerifiedUser();
    const id = await importQuiz(ed, "Guarded Peaks");
    for (const action of ["publish", "retire"]) {
      expect((await send(player, `/api/admin/quizzes/${id}/${action}`, "POST")).status).toBe(403);
      expect((await send(null, `/api/admin/quizzes/${id}/${action}`, "POST")).status).toBe(401);
    }
    expect((await send(player, `/api/admin/quizzes/${id}/preview`)).status).toBe(403);
    expect((await send(ed, `/api/admin/quizzes/${id}`)).status).toBe(200);
    expect((await (await send(ed, `/api/admin/quizzes/${id}`)).json()).quiz.status).toBe("draft");
    const byAdmin = await send(admin, `/api/admin/quizzes/${id}/publish`, "POST");
    expect(byAdmin.status).toBe(200);
    expect((await auditOf("content.quiz.publish", id)).map((a) => a.actor_id)).toEqual([admin.id]);
    expect((await send(ed, `/api/admin/quizzes/${id}/retire`, "POST")).status).toBe(200);
    expect((await auditOf("content.quiz.retire", id)).map((a) => a.actor_id)).toEqual([ed.id]);
  });
});
