import { describe, expect, it } from "vitest";
import { adminContextForFile, createEditor } from "#tests/support/admin";
import type { TestUser } from "#tests/support/factories";
import type { ContentQuiz } from "~/core/api/content";
import { QUIZ_CSV_HEADER } from "~/core/api/quiz-import";
import { toCsv } from "~/core/csv";
import type { ApiErrorBody } from "~/core/error-codes";

/**
 * Quiz import and export (docs/product.md, "Content operations"; ADR 114): the whole file is checked before
 * anything is written, a bad file names every bad row, an import creates a draft quiz with its audit row (ADR 115:
 * players see it once it is published), and an
 * export imports back to the same questions.
 */
const { ctx, admin } = adminContextForFile();

const editor = () => createEditor(ctx);

const row = (q: string, options: string[], answer: string, explanation = "") => [
  q,
  ...Array.from({ length: 6 }, (_, i) => options[i] ?? ""),
  answer,
  explanation,
];
const rows = (count: number, prefix = "Question") =>
  Array.from({ length: count }, (_, i) =>
    row(`${prefix} ${i + 1}: which is ${i + 1}?`, [`${i + 1}`, `${i + 2}`, `${i + 3}`, `${i}x`], `${i + 1}`),
  );
const csv = (records: string[][]) => toCsv([[...QUIZ_CSV_HEADER], ...records]);

/** A 201 carries `quiz`, a refusal `error` (its `rows` for INVALID_IMPORT). */
interface ImportAnswer {
  quiz: ContentQuiz;
  error: Required<ApiErrorBody["error"]>;
}
const importFile = async (
  who: TestUser | null,
  name: string,
  text: string | Uint8Array<ArrayBuffer>,
  fileName = "quiz.csv",
) => {
  const form = new FormData();
  form.set("name", name);
  form.set(
    "file",
    new File([text], fileName, { type: fileName.endsWith(".json") ? "application/json" : "text/csv" }),
  );
  const res = await ctx.request("/api/admin/quizzes/import", { method: "POST", cookie: who?.cookie, form });
  return { status: res.status, body: (await res.json()) as ImportAnswer };
};
const exportFile = async (who: TestUser, quizId: string, format: "csv" | "json") => {
  const res = await ctx.request(`/api/admin/quizzes/${quizId}/export?format=${format}`, {
    cookie: who.cookie,
  });
  expect(res.status).toBe(200);
  return { type: res.headers.get("content-type"), text: await res.text() };
};
const questionsOf = (quizId: string) =>
  ctx.db
    .selectFrom("quiz_questions")
    .select(["text", "options", "answer", "explanation"])
    .where("quiz_id", "=", quizId)
    .orderBy("position")
    .execute();
const counts = async () => ({
  quizzes: Number(
    (
      await ctx.db
        .selectFrom("quizzes")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  questions: Number(
    (
      await ctx.db
        .selectFrom("quiz_questions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  audits: Number(
    (
      await ctx.db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("action", "=", "content.quiz.import")
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe("importing a quiz", () => {
  it("imports 1 000 questions as a draft, audited; once published a player's round draws 10", async () => {
    const ed = await editor();
    const res = await importFile(ed, "Big Numbers", csv(rows(1000)));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.quiz).toMatchObject({
      id: "big-numbers",
      name: "Big Numbers",
      questionCount: 1000,
      version: 1,
      status: "draft",
      state: "draft",
    });
    expect(await questionsOf("big-numbers")).toHaveLength(1000);
    const audit = await ctx.db
      .selectFrom("audit_log")
      .select(["actor_id", "after"])
      .where("action", "=", "content.quiz.import")
      .where("target_id", "=", "big-numbers")
      .execute();
    expect(audit).toEqual([
      {
        actor_id: ed.id,
        after: { name: "Big Numbers", questions: 1000, file: "quiz.csv", status: "draft" },
      },
    ]);

    const player = await ctx.createVerifiedUser();
    const start = () =>
      ctx.request("/api/quizzes/big-numbers/sessions", { method: "POST", cookie: player.cookie });
    expect((await start()).status).toBe(404);
    const published = await ctx.request("/api/admin/quizzes/big-numbers/publish", {
      method: "POST",
      cookie: ed.cookie,
    });
    expect(published.status).toBe(200);
    const round = await start();
    expect(round.status).toBe(201);
    const view = await round.json();
    expect(view.questions).toHaveLength(10);
    expect(new Set(view.questions.map((q: { text: string }) => q.text)).size).toBe(10);
    for (const q of view.questions) expect(q.text).toMatch(/^Question \d+: which is \d+\?$/);
  });

  it("refuses a file with one bad row of each kind, naming each row, and writes nothing", async () => {
    const ed = await editor();
    const before = await counts();
    const bad = [
      row("Which has no answer?", ["A", "B"], ""),
      row("Which answer is not there?", ["A", "B"], "C"),
      [...row("Seven options?", ["1", "2", "3", "4", "5", "6"], "1"), "7"],
      row("Only one option?", ["A"], "A"),
      row("", ["A", "B"], "A"),
      row("An empty option?", ["A", "", "C"], "A"),
      row("\u200B\u200B\u200B", ["A", "B"], "A"),
      row("\uE000\uE001\uE002\uE003", ["A", "B"], "A"),
      row("Question 1: which is 1?", ["1", "2"], "1"),
    ];
    const res = await importFile(ed, "Bad File", csv([...rows(12), ...bad]));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("INVALID_IMPORT");
    expect(res.body.error.message).toBe("9 rows of the file are not right; nothing was imported.");
    expect(res.body.error.rows).toEqual([
      { row: 14, reason: "No answer: give the text of the correct option." },
      { row: 15, reason: "The answer is not one of the options." },
      { row: 16, reason: expect.stringMatching(/more than 6 options/) },
      { row: 17, reason: "Fewer than 2 options: a question has 2 to 6." },
      { row: 18, reason: "Question: Give the question at least 3 characters." },
      { row: 19, reason: "Option 2: Give the option at least 1 character." },
      {
        row: 20,
        reason: expect.stringMatching(/^Question: Give the question at least 3 characters\. Invisible/),
      },
      { row: 21, reason: expect.stringMatching(/^Question: The text cannot be read as written/) },
      { row: 22, reason: "The same question as row 2." },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("refuses a file that is not CSV or JSON, a wrong header, too few questions, a taken name and a large file", async () => {
    const ed = await editor();
    const before = await counts();
    const png = await importFile(
      ed,
      "Picture",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0xff, 0xfe]),
      "p.png",
    );
    expect(png.status).toBe(422);
    expect(png.body.error).toMatchObject({
      code: "INVALID_IMPORT",
      message: expect.stringMatching(/not UTF-8 text/),
    });
    const header = await importFile(ed, "Header", "q,a,b\nx,y,z\n");
    expect(header.body.error.rows).toEqual([
      { row: 1, reason: expect.stringMatching(/^The header must be: question,option_1/) },
    ]);
    const few = await importFile(ed, "Few", csv(rows(9)));
    expect(few.status).toBe(422);
    expect(few.body.error.message).toMatch(/at least 10 questions/);
    const taken = await importFile(ed, "general knowledge", csv(rows(10)));
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("QUIZ_NAME_TAKEN");
    const large = await importFile(ed, "Large", csv(rows(10)) + "x".repeat(2 * 1024 * 1024));
    expect(large.status).toBe(413);
    expect(large.body.error).toMatchObject({
      code: "QUIZ_FILE_TOO_LARGE",
      message: "The file is too large: at most 2 MB.",
    });
    expect(await counts()).toEqual(before);
  });

  it("reads CSV fields with quotes, commas and line breaks, and JSON", async () => {
    const ed = await editor();
    const quoted = row(
      'Who said "hello, world"\nfirst?',
      ["Kernighan", "Ritchie, D."],
      "Kernighan",
      'In "C", 1974.',
    );
    const res = await importFile(ed, "Quoting", csv([quoted, ...rows(9)]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await questionsOf(res.body.quiz.id))[0]).toEqual({
      text: 'Who said "hello, world" first?',
      options: ["Kernighan", "Ritchie, D."],
      answer: "Kernighan",
      explanation: 'In "C", 1974.',
    });
    const json = JSON.stringify(
      rows(10, "Json").map((r) => ({
        question: r[0],
        options: r.slice(1, 5),
        answer: r[7],
        explanation: "Count.",
      })),
    );
    const fromJson = await importFile(ed, "From JSON", json, "quiz.json");
    expect(fromJson.status, JSON.stringify(fromJson.body)).toBe(201);
    expect(await questionsOf(fromJson.body.quiz.id)).toHaveLength(10);
  });

  it("exports the current questions, and an export imports back to the same questions (CSV and JSON)", async () => {
    const ed = await editor();
    const first = await importFile(
      ed,
      "Round Trip",
      csv([row('Pick, "quoted"?', ["a, b", "c"], "c", "Why."), ...rows(11)]),
    );
    expect(first.status).toBe(201);
    const original = await questionsOf(first.body.quiz.id);
    for (const format of ["csv", "json"] as const) {
      const file = await exportFile(ed, first.body.quiz.id, format);
      expect(file.type).toMatch(format === "csv" ? /^text\/csv/ : /^application\/json/);
      if (format === "csv") expect(file.text.split("\r\n")[0]).toBe(QUIZ_CSV_HEADER.join(","));
      const again = await importFile(ed, `Round Trip ${format}`, file.text, `export.${format}`);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(await questionsOf(again.body.quiz.id)).toEqual(original);
    }
    const seeded = await exportFile(ed, "science", "csv");
    expect(seeded.text.split("\r\n")).toHaveLength(12);
  });

  it("lets editors and administrators import; players get 403 and guests 401", async () => {
    expect((await importFile(admin, "By The Admin", csv(rows(10)))).status).toBe(201);
    const player = await ctx.createVerifiedUser();
    const before = await counts();
    expect((await importFile(player, "By A Player", csv(rows(10)))).status).toBe(403);
    expect((await importFile(null, "By A Guest", csv(rows(10)))).status).toBe(401);
    const res = await ctx.request("/api/admin/quizzes/science/export?format=json", { cookie: player.cookie });
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
