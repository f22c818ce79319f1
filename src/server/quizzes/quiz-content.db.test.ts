import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { adminContextForFile, createEditor, secondAdmin } from "#tests/support/admin";
import type { TestUser } from "#tests/support/factories";
import { apiError } from "#tests/support/typed-client";
import { prepareDatabase } from "../prepare-database";

/**
 * The content console (docs/product.md, "Content operations"): an editor authors quizzes and nothing else;
 * administrators can do what editors do; every change is audited; players see it at once; a restart keeps it.
 */
const { ctx, admin } = adminContextForFile();

const editor = () => createEditor(ctx);
const send = (who: TestUser | null, path: string, method = "GET", json?: unknown) =>
  ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });
const auditOf = (action: string, targetId: string) =>
  ctx.db
    .selectFrom("audit_log")
    .select(["actor_id", "before", "after"])
    .where("action", "=", action)
    .where("target_id", "=", targetId)
    .orderBy("id")
    .execute();

describe("the editor role", () => {
  it("reads and edits quizzes; players see the edit on their next request, and a restart keeps it", async () => {
    const ed = await editor();
    const list = await send(ed, "/api/admin/quizzes");
    expect(list.status).toBe(200);
    expect((await list.json()).quizzes.map((q: { id: string }) => q.id)).toEqual([
      "general",
      "science",
      "history",
    ]);
    const detail = await (await send(ed, "/api/admin/quizzes/science")).json();
    expect(detail.questions).toHaveLength(10);
    expect(detail.questions[0].answer).toEqual(expect.any(String));

    const res = await send(ed, "/api/admin/quizzes/science", "PATCH", {
      name: "Science Today",
      icon: "globe",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).quiz).toMatchObject({
      name: "Science Today",
      icon: "globe",
      category: "Science",
    });
    const [row] = await auditOf("content.quiz.update", "science");
    expect(row).toMatchObject({
      actor_id: ed.id,
      before: { name: "Science Facts", icon: "flask-conical" },
      after: { name: "Science Today", icon: "globe" },
    });

    const players = (await (await send(null, "/api/quizzes")).json()).quizzes;
    expect(players.find((q: { id: string }) => q.id === "science")).toMatchObject({ name: "Science Today" });
    await prepareDatabase(ctx.db);
    const again = (await (await send(null, "/api/quizzes")).json()).quizzes;
    expect(again.find((q: { id: string }) => q.id === "science")).toMatchObject({
      name: "Science Today",
      icon: "globe",
    });
  });

  it("rewrites a question (2–6 options, one answer among them); a new round asks the new text", async () => {
    const ed = await editor();
    const question = {
      text: "Which planet is known as the Red Planet?",
      options: ["Mars", "Venus"],
      answer: "Mars",
    };
    const res = await send(ed, "/api/admin/quizzes/general/questions/general-01", "PUT", question);
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await auditOf("content.question.update", "general");
    expect(row?.actor_id).toBe(ed.id);
    expect(row?.before).toMatchObject({ question: "general-01", answer: "Pacific Ocean" });
    expect(row?.after).toMatchObject({ question: "general-01", answer: "Mars", options: "Mars | Venus" });

    const player = await ctx.createVerifiedUser();
    const session = await (await send(player, "/api/quizzes/general/sessions", "POST")).json();
    const asked = session.questions.find((q: { id: string }) => q.id === "general-01");
    expect(asked.text).toBe(question.text);
    expect([...asked.options].sort()).toEqual(["Mars", "Venus"]);
    const answer = await send(player, `/api/quizzes/sessions/${session.sessionId}/answers`, "POST", {
      questionId: "general-01",
      option: asked.options.indexOf("Mars"),
    });
    expect((await answer.json()).correct).toBe(true);
  });

  it("refuses a bad question with 422 and writes nothing", async () => {
    const ed = await editor();
    const before = await (await send(ed, "/api/admin/quizzes/history")).json();
    const bad = [
      { text: "Who?", options: ["A", "B"], answer: "C" },
      { text: "Which one?", options: ["1", "2", "3", "4", "5", "6", "7"], answer: "1" },
      { text: "Which one?", options: ["Same", "same"], answer: "Same" },
      { text: "Which one?", options: ["Only"], answer: "Only" },
      { text: "  ", options: ["A", "B"], answer: "A" },
    ];
    for (const json of bad) {
      const res = await send(ed, "/api/admin/quizzes/history/questions/history-01", "PUT", json);
      expect(res.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(json)).toBeLessThan(500);
    }
    expect((await send(ed, "/api/admin/quizzes/history/questions/science-01", "PUT", bad[0])).status).toBe(
      422,
    );
    const okElsewhere = { text: "Which one?", options: ["A", "B"], answer: "A" };
    expect(
      (await send(ed, "/api/admin/quizzes/history/questions/science-01", "PUT", okElsewhere)).status,
    ).toBe(404);
    expect((await send(ed, "/api/admin/quizzes/nope", "PATCH", { name: "Nope quiz" })).status).toBe(404);
    expect(await (await send(ed, "/api/admin/quizzes/history")).json()).toEqual(before);
  });

  it("moves no money and sees no users, KYC, redemptions or audit: 403 on every other console route", async () => {
    const ed = await editor();
    const user = await ctx.createVerifiedUser();
    const refused = [
      ["/api/admin/overview", "GET"],
      ["/api/admin/users", "GET"],
      [`/api/admin/users/${user.id}`, "GET"],
      ["/api/admin/audit", "GET"],
      ["/api/admin/kyc", "GET"],
      ["/api/admin/redemptions", "GET"],
      ["/api/admin/proposals", "GET"],
      ["/api/admin/stats?days=30", "GET"],
    ] as const;
    for (const [path, method] of refused) {
      const res = await send(ed, path, method);
      expect(res.status, path).toBe(403);
      expect((await apiError(res)).code, path).toBe("ADMIN_ONLY");
    }
    const adjust = await send(ed, `/api/admin/users/${user.id}/adjustments`, "POST", {
      adjustmentId: randomUUID(),
      amount: 100,
      reason: "Editor tries",
    });
    expect(adjust.status).toBe(403);
    const role = await send(ed, `/api/admin/users/${ed.id}/role`, "POST", {
      role: "admin",
      reason: "Editor tries",
    });
    expect(role.status).toBe(403);
  });

  it("is refused to players (403 EDITORS_ONLY) and guests (401); administrators edit too", async () => {
    const player = await ctx.createVerifiedUser();
    const res = await send(player, "/api/admin/quizzes");
    expect(res.status).toBe(403);
    expect((await apiError(res)).code).toBe("EDITORS_ONLY");
    expect((await send(player, "/api/admin/quizzes/general", "PATCH", { name: "Mine now" })).status).toBe(
      403,
    );
    expect((await send(null, "/api/admin/quizzes")).status).toBe(401);
    const edit = await send(admin, "/api/admin/quizzes/history", "PATCH", { category: "Past" });
    expect(edit.status).toBe(200);
    expect((await auditOf("content.quiz.update", "history")).at(-1)?.actor_id).toBe(admin.id);
  });

  it("is granted as a proposal a second administrator approves, audited as a role change", async () => {
    const other = await secondAdmin(ctx);
    const user = await ctx.createVerifiedUser();
    const proposal = await send(admin, `/api/admin/users/${user.id}/role`, "POST", {
      role: "editor",
      reason: "Writes our quizzes",
    });
    expect(proposal.status, await proposal.clone().text()).toBe(202);
    const { id } = (await proposal.json()).proposal;
    expect((await send(user, "/api/admin/quizzes")).status).toBe(403);
    expect((await send(other, `/api/admin/proposals/${id}/approve`, "POST", {})).status).toBe(200);
    expect((await send(user, "/api/admin/quizzes")).status).toBe(200);
    expect(await auditOf("role.set", user.id)).toMatchObject([
      { actor_id: other.id, before: { role: "user" }, after: { role: "editor" } },
    ]);
  });
});
