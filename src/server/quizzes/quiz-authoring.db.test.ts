import { describe, expect, it } from "vitest";
import { adminContextForFile, createEditor } from "#tests/support/admin";
import type { TestUser } from "#tests/support/factories";

/**
 * Writing a quiz in the content console (docs/product.md, "Content operations"): a new quiz is a draft with no
 * questions; questions are added and removed one by one; it is published with at least 10. A quiz's own reward
 * (coins per correct answer, completion bonus; the ledger's 10 and 10 the ceiling) is what its rounds pay, and a
 * round keeps the terms and questions it drew whatever an editor changes meanwhile.
 */
const { ctx } = adminContextForFile();

const editor = () => createEditor(ctx);
const send = (who: TestUser | null, path: string, method = "GET", json?: unknown) =>
  ctx.request(path, { method, cookie: who?.cookie, ...(json === undefined ? {} : { json }) });

const question = (i: number, explanation: string | null = null) => ({
  text: `Written question ${i}?`,
  options: [`Right ${i}`, `Wrong ${i}`, `Other ${i}`],
  answer: `Right ${i}`,
  explanation,
});

/** Creates a quiz with `count` questions written one by one; answers its id. */
async function writeQuiz(
  who: TestUser,
  name: string,
  count: number,
  terms = { reward: 5, completionBonus: 3 },
) {
  const created = await send(who, "/api/admin/quizzes", "POST", {
    name,
    description: "Written in the console, one question at a time.",
    category: "Console",
    ...terms,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { quiz } = await created.json();
  for (let i = 1; i <= count; i++) {
    const res = await send(
      who,
      `/api/admin/quizzes/${quiz.id}/questions`,
      "POST",
      question(i, i === 1 ? "Because it is." : null),
    );
    expect(res.status, await res.clone().text()).toBe(201);
  }
  return quiz.id as string;
}

type Session = {
  sessionId: string;
  quiz: { reward: number; completionBonus: number };
  questions: { id: string; options: string[] }[];
};

/** Answers every question of the round right; answers each answer's body. */
async function playRight(who: TestUser, session: Session) {
  const bodies = [];
  for (const q of session.questions) {
    const option = q.options.findIndex((o) => o.startsWith("Right"));
    const res = await send(who, `/api/quizzes/sessions/${session.sessionId}/answers`, "POST", {
      questionId: q.id,
      option,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    bodies.push(await res.json());
  }
  return bodies;
}
const ledgerOf = (userId: string) =>
  ctx.db
    .selectFrom("coin_ledger")
    .select(["kind", "amount"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();

describe("writing a quiz in the console", () => {
  it("creates a draft, adds questions one by one, publishes with 10 or more, and a round pays the quiz's reward", async () => {
    const ed = await editor();
    const player = await ctx.createVerifiedUser();
    const id = await writeQuiz(ed, "Written Quiz", 9);
    const draft = await (await send(ed, `/api/admin/quizzes/${id}`)).json();
    expect(draft.quiz).toMatchObject({ status: "draft", questionCount: 9, reward: 5, completionBonus: 3 });
    expect(draft.questions[0]).toMatchObject({ ...question(1, "Because it is."), id: expect.any(String) });
    // Nine questions are not a round: Publish is refused and nothing changes.
    const early = await send(ed, `/api/admin/quizzes/${id}/publish`, "POST");
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toMatch(/at least 10 questions/);
    expect((await send(ed, `/api/admin/quizzes/${id}/questions`, "POST", question(10))).status).toBe(201);
    expect((await send(ed, `/api/admin/quizzes/${id}/publish`, "POST")).status).toBe(200);

    const listed = (await (await send(player, "/api/quizzes")).json()).quizzes.find(
      (q: { id: string }) => q.id === id,
    );
    expect(listed).toMatchObject({ reward: 5, completionBonus: 3, questionCount: 10 });
    const session: Session = await (await send(player, `/api/quizzes/${id}/sessions`, "POST")).json();
    expect(session.quiz).toMatchObject({ reward: 5, completionBonus: 3 });
    const bodies = await playRight(player, session);
    expect(bodies.at(-1)).toMatchObject({ completed: true, sessionCoins: 10 * 5 + 3 });
    expect(
      bodies.at(-1).review.find((r: { questionId: string }) => r.questionId === draft.questions[0].id),
    ).toMatchObject({ explanation: "Because it is." });
    const rows = await ledgerOf(player.id);
    expect(rows.filter((r) => r.kind === "quiz_correct").map((r) => r.amount)).toEqual(Array(10).fill(5));
    expect(rows.filter((r) => r.kind === "quiz_bonus").map((r) => r.amount)).toEqual([3]);

    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "actor_id"])
      .where("target_id", "=", id)
      .execute();
    expect(audit.filter((a) => a.action === "content.quiz.create")).toEqual([
      { action: "content.quiz.create", actor_id: ed.id },
    ]);
    expect(audit.filter((a) => a.action === "content.question.add")).toHaveLength(10);
  });

  it("a round keeps the reward it was drawn under; the next round pays the new one; a bonus of 0 pays no bonus row", async () => {
    const ed = await editor();
    const player = await ctx.createVerifiedUser();
    const id = await writeQuiz(ed, "Reward Change Quiz", 10);
    expect((await send(ed, `/api/admin/quizzes/${id}/publish`, "POST")).status).toBe(200);
    const first: Session = await (await send(player, `/api/quizzes/${id}/sessions`, "POST")).json();
    const changed = await send(ed, `/api/admin/quizzes/${id}`, "PATCH", { reward: 2, completionBonus: 0 });
    expect(changed.status).toBe(200);
    expect((await changed.json()).quiz).toMatchObject({ reward: 2, completionBonus: 0 });
    await playRight(player, first);
    // The next round (another player's: a quiz pays one round a player a day) is drawn under the new terms.
    const other = await ctx.createVerifiedUser();
    const second: Session = await (await send(other, `/api/quizzes/${id}/sessions`, "POST")).json();
    expect(second.quiz).toMatchObject({ reward: 2, completionBonus: 0 });
    await playRight(other, second);
    const rows = await ledgerOf(player.id);
    expect(rows.filter((r) => r.kind === "quiz_correct").map((r) => r.amount)).toEqual(Array(10).fill(5));
    expect(rows.filter((r) => r.kind === "quiz_bonus").map((r) => r.amount)).toEqual([3]);
    const otherRows = await ledgerOf(other.id);
    expect(otherRows.map((r) => [r.kind, r.amount])).toEqual(Array(10).fill(["quiz_correct", 2]));
  });

  it("refuses a reward over the ledger's ceiling or below its floor, and a player's or a guest's write", async () => {
    const ed = await editor();
    const player = await ctx.createVerifiedUser();
    const base = { name: "Ceiling Quiz", description: "Too generous.", category: "Console" };
    expect((await send(ed, "/api/admin/quizzes", "POST", { ...base, reward: 11 })).status).toBe(422);
    expect((await send(ed, "/api/admin/quizzes", "POST", { ...base, reward: 0 })).status).toBe(422);
    expect((await send(ed, "/api/admin/quizzes", "POST", { ...base, completionBonus: 11 })).status).toBe(422);
    expect((await send(player, "/api/admin/quizzes", "POST", base)).status).toBe(403);
    expect((await send(null, "/api/admin/quizzes", "POST", base)).status).toBe(401);
    const n = await ctx.db.selectFrom("quizzes").select("id").where("name", "=", base.name).execute();
    expect(n).toEqual([]);
    // The same name twice, in any case: 409, one quiz.
    expect((await send(ed, "/api/admin/quizzes", "POST", { ...base, name: "Twice Quiz" })).status).toBe(201);
    expect((await send(ed, "/api/admin/quizzes", "POST", { ...base, name: "twice quiz" })).status).toBe(409);
  });

  it("a removed question leaves the pool, a round that drew it still grades it, and a published quiz keeps 10", async () => {
    const ed = await editor();
    const player = await ctx.createVerifiedUser();
    const id = await writeQuiz(ed, "Removal Quiz", 11);
    expect((await send(ed, `/api/admin/quizzes/${id}/publish`, "POST")).status).toBe(200);
    const round: Session = await (await send(player, `/api/quizzes/${id}/sessions`, "POST")).json();
    const drawn = round.questions[0]?.id ?? "";
    const removed = await send(ed, `/api/admin/quizzes/${id}/questions/${drawn}`, "DELETE");
    expect(removed.status).toBe(200);
    const after = await removed.json();
    expect(after.quiz.questionCount).toBe(10);
    expect(after.questions.map((q: { id: string }) => q.id)).not.toContain(drawn);
    // The round drew it: it is graded and paid as drawn.
    await playRight(player, round);
    // Ten left in a published quiz: the next removal is refused.
    const last = after.questions[0].id;
    const refused = await send(ed, `/api/admin/quizzes/${id}/questions/${last}`, "DELETE");
    expect(refused.status).toBe(409);
    expect((await send(ed, `/api/admin/quizzes/${id}`)).status).toBe(200);
    expect((await send(ed, `/api/admin/quizzes/${id}/questions/${drawn}`, "DELETE")).status).toBe(404);
    const next: Session = await (await send(player, `/api/quizzes/${id}/sessions`, "POST")).json();
    expect(next.questions.map((q) => q.id)).not.toContain(drawn);
  });
});
