import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { prepareDatabase } from "../prepare-database";
import { quizContent } from "./content";
import { seedQuizContent } from "./seed-content";

/** The starting content is written once, on a fresh install; the database owns it from then on. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.db as unknown as Parameters<typeof seedQuizContent>[0];

/** Everything the seed wrote, in a stable order. */
async function contentRows() {
  const quizzes =
    await sql`select id, name, icon, category, description, position from quizzes order by id`.execute(
      ctx.db,
    );
  const questions =
    await sql`select id, quiz_id, position, text, options, answer from quiz_questions order by id`.execute(
      ctx.db,
    );
  return { quizzes: quizzes.rows, questions: questions.rows };
}

describe("seedQuizContent", () => {
  it("gives a fresh install the spec's three quizzes (30 questions) and three videos", async () => {
    const { quizzes, questions } = await contentRows();
    expect(quizzes.map((q) => (q as { id: string }).id)).toEqual(["general", "history", "science"]);
    expect(questions.map((q) => (q as { id: string }).id)).toEqual(
      quizContent.flatMap((quiz) => quiz.questions.map((q) => q.id)).sort(),
    );
    const res = await ctx.request("/api/quizzes");
    const listed = (await res.json()).quizzes as { id: string; category: string; questionCount: number }[];
    expect(listed.map((q) => [q.id, q.category, q.questionCount])).toEqual([
      ["general", "General", 10],
      ["science", "Science", 10],
      ["history", "History", 10],
    ]);
    const videos = (await (await ctx.request("/api/videos")).json()).videos as unknown[];
    expect(videos).toHaveLength(3);
  });

  it("writes nothing once seeded: twice at once, then again, finds the seed recorded", async () => {
    const before = await contentRows();
    expect(await Promise.all([seedQuizContent(db()), seedQuizContent(db())])).toEqual([false, false]);
    expect(await seedQuizContent(db())).toBe(false);
    expect(await contentRows()).toEqual(before);
  });

  it("keeps an operator's edits over a restart: an edited name and question, a removed question", async () => {
    await sql`update quizzes set name = 'Everyday Knowledge', category = 'Everyday' where id = 'general'`.execute(
      ctx.db,
    );
    await sql`update quiz_questions set text = 'Edited?' where id = 'science-01'`.execute(ctx.db);
    await sql`delete from quiz_questions where id = 'history-02'`.execute(ctx.db);
    const edited = await contentRows();

    await prepareDatabase(ctx.db);

    expect(await contentRows()).toEqual(edited);
    const { quizzes, questions } = edited;
    expect(quizzes.find((q) => (q as { id: string }).id === "general")).toMatchObject({
      name: "Everyday Knowledge",
      category: "Everyday",
    });
    expect(questions.find((q) => (q as { id: string }).id === "science-01")).toMatchObject({
      text: "Edited?",
    });
    expect(questions.some((q) => (q as { id: string }).id === "history-02")).toBe(false);
  });

  it("on a database that had the content before the seed was recorded, adds only what is missing", async () => {
    await sql`delete from content_seeds`.execute(ctx.db);
    const before = await contentRows();
    expect(await seedQuizContent(db())).toBe(true);
    const after = await contentRows();
    // The edits stay; the one question the operator removed comes back, nothing else changes.
    expect(after.quizzes).toEqual(before.quizzes);
    expect(after.questions.length).toBe(before.questions.length + 1);
    expect(after.questions.find((q) => (q as { id: string }).id === "science-01")).toMatchObject({
      text: "Edited?",
    });
  });
});
