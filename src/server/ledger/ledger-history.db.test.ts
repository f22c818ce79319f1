import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantCoins } from "#tests/support/coins";
import type { TestUser } from "#tests/support/factories";
import { contentOf } from "#tests/support/quiz-client";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import type { HistoryLine } from "~/core/api/account";
import type { QuizId } from "~/core/api/quizzes";

/**
 * docs/product.md "Wallet": the server groups the history (a quiz session's rows are one line with their whole
 * amount) and pages over lines, so every page is exact: no line is cut, repeated or skipped, whatever the page
 * size and whatever is written between two pages.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ EARN_QUIZ_SESSIONS_PER_DAY: "100" });
});
afterAll(async () => {
  await ctx.close();
});

/** A paid quiz session of `user`, answered right one question at a time (`answer(n)`: the next n questions). */
async function quizSession(user: TestUser, quizId: QuizId) {
  const res = await ctx.api(user).quizzes[":quizId"].sessions.$post({ param: { quizId } });
  if (res.status !== 201) throw new Error(`starting a quiz answered ${res.status}`);
  const { sessionId, questions } = await res.json();
  let next = 0;
  return async (n: number) => {
    for (const q of questions.slice(next, next + n)) {
      const option = q.options.indexOf(contentOf(q.id).answer);
      const answered = await ctx.api(user).quizzes.sessions[":sessionId"].answers.$post({
        param: { sessionId },
        json: { questionId: q.id, option },
      });
      if (answered.status !== 200) throw new Error(`answering answered ${answered.status}`);
    }
    next += n;
  };
}

/** `count` administrator's grants of 1, 2, 3… coins: one row, one line each. */
async function grants(user: TestUser, count: number, from = 1) {
  for (let i = 0; i < count; i++) await grantCoins(ctx.db, user.id, from + i);
}

async function page(user: TestUser, limit: number, before?: number | null) {
  const query = before == null ? { limit: String(limit) } : { limit: String(limit), before };
  const res = await ctx.api(user).ledger.transactions.$get({ query });
  expect(res.status).toBe(200);
  return res.json();
}

/** Every page of `limit` lines, from the newest, following the cursors. */
async function allPages(user: TestUser, limit: number) {
  const pages: HistoryLine[][] = [];
  let cursor: number | null | undefined;
  do {
    const p = await page(user, limit, cursor);
    pages.push(p.entries);
    cursor = p.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

const sessionLine = { kind: "quiz_session", reason: "General Knowledge: 10 correct +100, completion +10" };

describe("the history's lines", () => {
  it("a quiz session spanning page boundaries is one line with its whole amount, for every page size", async () => {
    const user = await ctx.createVerifiedUser();
    const general = await quizSession(user, "general");
    await general(4);
    await grants(user, 3); // between the session's answers
    await general(6); // the last six answers and the completion bonus
    await grants(user, 12, 100);

    const whole = (await page(user, 100)).entries;
    // 16 lines: the 15 grants (newest first), then the session at the place of its first row.
    expect(whole).toHaveLength(16);
    expect(whole.at(-1)).toMatchObject({ ...sessionLine, amount: 110, rows: 11 });
    expect(whole.slice(0, 15).every((l) => l.kind === "adjustment" && l.rows === 1)).toBe(true);
    const balance = await ctx.balanceOf(user);
    expect(whole.reduce((sum, l) => sum + l.amount, 0)).toBe(balance);

    for (let limit = 1; limit <= 17; limit++) {
      const pages = await allPages(user, limit);
      expect(pages.flat(), `pages of ${limit}`).toEqual(whole);
      expect(pages.every((p) => p.length <= limit)).toBe(true);
      expect(pages.length, `pages of ${limit}`).toBe(Math.max(1, Math.ceil(16 / limit)));
      // Row by row, the session's 11 rows would be cut over several of these pages.
      const sessions = pages.flat().filter((l) => l.kind === "quiz_session");
      expect(sessions.map((l) => l.amount)).toEqual([110]);
    }
  });

  it("rows written between two pages go on top: the cursor never repeats or skips a line", async () => {
    const user = await ctx.createVerifiedUser();
    const science = await quizSession(user, "science");
    await science(3);
    await grants(user, 4);
    await science(2);
    await grants(user, 5, 50);
    const before = (await page(user, 100)).entries;

    const first = await page(user, 4);
    expect(first.entries).toEqual(before.slice(0, 4));
    // Meanwhile: more grants and a whole new session, all newer than the first page.
    await grants(user, 3, 500);
    const history = await quizSession(user, "history");
    await history(10);
    const rest: HistoryLine[] = [];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const p = await page(user, 4, cursor);
      rest.push(...p.entries);
      cursor = p.nextCursor;
    }
    expect([...first.entries, ...rest]).toEqual(before);
    expect(rest.filter((l) => l.kind === "quiz_session")).toEqual([
      expect.objectContaining({ reason: "Science Facts: 5 correct +50", amount: 50, rows: 5 }),
    ]);
    // A fresh read shows the new lines on top, the session of World History whole.
    const now = (await page(user, 100)).entries;
    expect(now.slice(0, 4).map((l) => [l.kind, l.amount])).toEqual([
      ["quiz_session", 110],
      ["adjustment", 502],
      ["adjustment", 501],
      ["adjustment", 500],
    ]);
    expect(now.slice(4)).toEqual(before);
  });

  it("a session still being paid keeps its place and is on one page only, with its sum when read", async () => {
    const user = await ctx.createVerifiedUser();
    const world = await quizSession(user, "history");
    await world(2);
    await grants(user, 6);
    const first = await page(user, 3);
    expect(first.entries.map((l) => l.amount)).toEqual([6, 5, 4]);
    await world(3); // the session, below the first page, is paid three more answers
    const second = await page(user, 3, first.nextCursor);
    const third = await page(user, 3, second.nextCursor);
    expect(second.entries.map((l) => l.amount)).toEqual([3, 2, 1]);
    expect(third.entries).toEqual([
      expect.objectContaining({
        kind: "quiz_session",
        reason: "World History: 5 correct +50",
        amount: 50,
        rows: 5,
      }),
    ]);
    expect(third.nextCursor).toBeNull();
  });

  it("counts only the user's own rows into a line", async () => {
    const [a, b] = [await ctx.createVerifiedUser(), await ctx.createVerifiedUser()];
    const [qa, qb] = [await quizSession(a, "general"), await quizSession(b, "general")];
    await qa(2);
    await qb(7);
    expect((await page(a, 10)).entries).toEqual([
      expect.objectContaining({ reason: "General Knowledge: 2 correct +20", amount: 20, rows: 2 }),
    ]);
  });
});
