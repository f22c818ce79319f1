import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "~/server/db/client";
import { quizCauseKeys } from "../ledger/cause-keys";
import { getBalance } from "../ledger/ledger.service";
import { quizContent } from "./content";
import { answerQuestion } from "./quiz-answers";
import { startSession } from "./quizzes.service";

/** Service-level checks that need direct database access: interrupted payments and injected randomness. */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const answers = new Map(quizContent.flatMap((quiz) => quiz.questions).map((q) => [q.id, q.answer]));
const right = (q: { id: string; options: string[] }) => q.options.indexOf(answers.get(q.id) ?? "");

describe("quiz sessions", () => {
  it("with a fixed random source, keeps the seeded order (the shuffle is injected)", async () => {
    const session = await startSession(handle.db, {
      quizId: "general",
      userId: null,
      randomIndex: (n) => n - 1,
    });
    const general = quizContent[0];
    expect(session.questions.map((q) => q.id)).toEqual(general?.questions.map((q) => q.id));
    expect(session.questions[0]?.options).toEqual(general?.questions[0]?.options);
  });

  it("pays an answer whose payment was interrupted when the answer is replayed, exactly once", async () => {
    const user = await insertUserRow(handle.db);
    const session = await startSession(handle.db, { quizId: "science", userId: user.id });
    for (const q of session.questions)
      await answerQuestion(handle.db, {
        sessionId: session.sessionId,
        userId: user.id,
        questionId: q.id,
        option: right(q),
      });
    expect(await getBalance(handle.db, user.id)).toBe(110);
    // Simulate a crash between recording the last answer and paying it.
    const last = session.questions.at(-1);
    if (!last) throw new Error("no questions");
    await handle.db
      .deleteFrom("coin_ledger")
      .where("cause_key", "in", [
        quizCauseKeys.answer(session.sessionId, last.id),
        quizCauseKeys.bonus(session.sessionId),
      ])
      .execute();
    await handle.db.updateTable("user_profiles").set({ points: 90 }).where("id", "=", user.id).execute();

    for (let i = 0; i < 2; i++)
      await expect(
        answerQuestion(handle.db, {
          sessionId: session.sessionId,
          userId: user.id,
          questionId: last.id,
          option: 0,
        }),
      ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await getBalance(handle.db, user.id)).toBe(110);
  });

  it("marks the session completed once every question is answered", async () => {
    const session = await startSession(handle.db, { quizId: "history", userId: null });
    const row = () =>
      handle.db
        .selectFrom("quiz_sessions")
        .select("completed_at")
        .where("id", "=", session.sessionId)
        .executeTakeFirstOrThrow();
    for (const [i, q] of session.questions.entries()) {
      expect((await row()).completed_at, `before answer ${i + 1}`).toBeNull();
      await answerQuestion(handle.db, {
        sessionId: session.sessionId,
        userId: null,
        questionId: q.id,
        option: 0,
      });
    }
    expect((await row()).completed_at).toBeInstanceOf(Date);
  });

  it("removes guest sessions a day after they expired, keeping users' sessions", async () => {
    const user = await insertUserRow(handle.db);
    const old = new Date(Date.now() - 3 * 24 * 3600_000);
    const guest = await startSession(handle.db, { quizId: "general", userId: null, now: old });
    const users = await startSession(handle.db, { quizId: "general", userId: user.id, now: old });
    await startSession(handle.db, { quizId: "general", userId: null });
    const ids = await handle.db.selectFrom("quiz_sessions").select("id").execute();
    expect(ids.map((r) => r.id)).not.toContain(guest.sessionId);
    expect(ids.map((r) => r.id)).toContain(users.sessionId);
  });
});
