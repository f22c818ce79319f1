import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { type QuizContent, quizContent } from "./content";
import { seedQuizContent } from "./seed-content";

/** Quiz content is written at start-up from content.ts, the one owner of questions and their ids. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.db as unknown as Parameters<typeof seedQuizContent>[0];

/** Everything the seed owns, in a stable order. */
async function contentRows() {
  const quizzes = await sql`select id, name, icon, description, position from quizzes order by id`.execute(
    ctx.db,
  );
  const questions =
    await sql`select id, quiz_id, position, text, options, answer from quiz_questions order by id`.execute(
      ctx.db,
    );
  return { quizzes: quizzes.rows, questions: questions.rows };
}

describe("seedQuizContent", () => {
  it("gives a fresh database exactly the content module's quizzes and questions", async () => {
    const { quizzes, questions } = await contentRows();
    expect(quizzes.map((q) => (q as { id: string }).id)).toEqual(quizContent.map((q) => q.id).sort());
    expect(questions.map((q) => (q as { id: string }).id)).toEqual(
      quizContent.flatMap((quiz) => quiz.questions.map((q) => q.id)).sort(),
    );
  });

  it("is idempotent: seeding again, twice at once, changes nothing", async () => {
    const before = await contentRows();
    await Promise.all([seedQuizContent(db()), seedQuizContent(db())]);
    await seedQuizContent(db());
    expect(await contentRows()).toEqual(before);
  });

  it("removes a question the content no longer has (with its answers), updates and reorders the rest", async () => {
    const user = await ctx.createVerifiedUser();
    const res = await ctx.request("/api/quizzes/general/sessions", { method: "POST", cookie: user.cookie });
    const session = await res.json();
    const asked = session.questions[0];
    const answer = await ctx.request(`/api/quizzes/sessions/${session.sessionId}/answers`, {
      json: { questionId: asked.id, option: 0 },
      cookie: user.cookie,
    });
    expect(answer.status).toBe(200);
    const balance = (await (await ctx.request("/api/ledger/balance", { cookie: user.cookie })).json())
      .balance;

    const general = quizContent.find((quiz) => quiz.id === "general")!;
    const kept = general.questions.filter((q) => q.id !== asked.id);
    const edited: QuizContent[] = quizContent.map((quiz) =>
      quiz.id === "general"
        ? { ...quiz, questions: [{ ...kept[1]!, text: "Edited?" }, kept[0]!, ...kept.slice(2)] }
        : quiz,
    );
    await seedQuizContent(db(), edited);

    const { questions } = await contentRows();
    const ids = questions.map((q) => (q as { id: string }).id);
    expect(ids).not.toContain(asked.id);
    expect(ids).toHaveLength(quizContent.flatMap((quiz) => quiz.questions).length - 1);
    const byId = new Map(
      questions.map((q) => [(q as { id: string }).id, q as { text: string; position: number }]),
    );
    expect(byId.get(kept[1]!.id)).toMatchObject({ text: "Edited?", position: 0 });
    expect(byId.get(kept[0]!.id)).toMatchObject({ position: 1 });
    const answers = await sql`select 1 from quiz_answers where question_id = ${asked.id}`.execute(ctx.db);
    expect(answers.rows).toHaveLength(0);
    // Coins already paid stay paid.
    expect((await (await ctx.request("/api/ledger/balance", { cookie: user.cookie })).json()).balance).toBe(
      balance,
    );

    // Back to the module's content: the question returns, as it was.
    await seedQuizContent(db());
    const restored = await contentRows();
    expect(restored.questions.map((q) => (q as { id: string }).id)).toContain(asked.id);
    expect(byId.size).toBe(restored.questions.length - 1);
  });
});
