import { type CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestUser } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { todaysQuizzesResponseSchema } from "~/core/api/quizzes";
import { utcDay } from "~/core/earning";
import { startSession } from "./quizzes.service";
import { todaysQuizzes } from "./todays-quizzes";

/**
 * GET /api/quizzes/today (docs/product.md, "Quizzes": Today's quizzes; ADR 117): K (here 2) of the live quizzes a
 * UTC day by rotation, each marked new for a player who never started a round of it; a guest's are never new.
 */
const PER_DAY = 2;
/** The live pool in its order (position): the three seeded quizzes, then two published ones. */
const LIVE = ["general", "science", "history", "extra-a", "extra-b"];
/** Quizzes that are not live: a draft, a retired one, one whose retire at has passed, one scheduled. */
const NOT_LIVE = ["draft-q", "retired-q", "gone-q", "later-q"];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ QUIZZES_FEATURED_PER_DAY: String(PER_DAY) });
  const quiz = (id: string, position: number, extra: object = {}) => ({
    id,
    name: `Quiz ${id}`,
    icon: "globe",
    description: `About ${id}`,
    position,
    ...extra,
  });
  await ctx.db
    .insertInto("quizzes")
    .values([
      // Inserted out of order, and not live ones between live ones: the pool is the live ones by position.
      quiz("extra-b", 6),
      quiz("draft-q", 3, { status: "draft" }),
      quiz("extra-a", 4),
      quiz("retired-q", 5, { status: "retired" }),
      quiz("gone-q", 7, { retire_at: new Date("2000-01-01T00:00:00Z") }),
      quiz("later-q", 8, { publish_at: new Date("2999-01-01T00:00:00Z") }),
    ])
    .execute();
  await ctx.db
    .insertInto("quiz_questions")
    .values(
      ["extra-a", "extra-b"].map((id) => ({
        id: `${id}-1`,
        quiz_id: id,
        position: 0,
        text: `A question of ${id}?`,
        options: ["Right", "Wrong"],
        answer: "Right",
      })),
    )
    .execute();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** GET /api/quizzes/today as `who` (a guest when null), checked against its schema. */
async function today(who: TestUser | null) {
  const res = await ctx.request("/api/quizzes/today", { cookie: who?.cookie });
  expect(res.status).toBe(200);
  return todaysQuizzesResponseSchema.parse(await res.json());
}
/** Noon UTC of the day `days` after today's (the clock the server reads), from the real clock. */
const realNow = new Date();
const noonIn = (days: number) =>
  new Date(Date.UTC(realNow.getUTCFullYear(), realNow.getUTCMonth(), realNow.getUTCDate() + days, 12));

describe("today's quizzes", () => {
  it("features K live quizzes a day by rotation: other ones the next day, every live one within ceil(n / K) days, never one not live", async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const days: string[][] = [];
    for (let d = 0; d < Math.ceil(LIVE.length / PER_DAY); d++) {
      vi.setSystemTime(noonIn(d));
      const answer = await today(null);
      expect(answer.day).toBe(utcDay(noonIn(d)));
      // The same day gives the same quizzes.
      expect(await today(null)).toEqual(answer);
      const ids = answer.quizzes.map((q) => q.id);
      expect(ids).toHaveLength(PER_DAY);
      // Consecutive in the pool's order (wrapping), from day number × K mod n.
      const start = LIVE.indexOf(ids[0]!);
      expect(ids).toEqual([LIVE[start], LIVE[(start + 1) % LIVE.length]]);
      days.push(ids);
    }
    expect(days[1]).not.toEqual(days[0]);
    expect(new Set(days.flat())).toEqual(new Set(LIVE));
    for (const id of NOT_LIVE) expect(days.flat()).not.toContain(id);
    // K ≥ n: every live quiz, in the pool's order, and still none that is not live.
    const all = await todaysQuizzes(ctx.db, { userId: null, perDay: 20 });
    expect(all.quizzes.map((q) => q.id)).toEqual(LIVE);
  });

  it("marks a featured quiz new until the player starts a round of it (paid or practice, any day); a guest's never", async () => {
    // At noon: the day (and so the featured quizzes) cannot turn over between two requests.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(noonIn(0));
    const player = await ctx.createVerifiedUser();
    const other = await ctx.createVerifiedUser();
    const before = await today(player);
    expect(before.quizzes.every((q) => q.new)).toBe(true);
    const [first, second] = before.quizzes.map((q) => q.id);

    const started = await ctx.request(`/api/quizzes/${first}/sessions`, {
      method: "POST",
      cookie: player.cookie,
    });
    expect(started.status).toBe(201);
    expect((await today(player)).quizzes).toEqual([
      { id: first, new: false },
      { id: second, new: true },
    ]);
    // Someone else's round is not the player's.
    expect((await today(other)).quizzes.every((q) => q.new)).toBe(true);

    // A round of another day counts too: yesterday's, through the service with its clock …
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await startSession(ctx.db, { quizId: second!, userId: other.id, now: yesterday });
    // … and a practice round (no paid slot) as much as a paid one.
    await ctx.db
      .updateTable("quiz_sessions")
      .set({ practice: true, paid_day: null, paid_slot: null })
      .where("user_id", "=", other.id)
      .execute();
    expect((await today(other)).quizzes).toEqual([
      { id: first, new: true },
      { id: second, new: false },
    ]);

    // A guest: the same quizzes, none new (a guest's rounds are no one's to count).
    await ctx.request(`/api/quizzes/${first}/sessions`, { method: "POST" });
    expect((await today(null)).quizzes).toEqual([
      { id: first, new: false },
      { id: second, new: false },
    ]);
  });

  it("asks the (user_id, quiz_id, …) index whether the player played each quiz, never a scan of quiz_sessions", async () => {
    const player = await ctx.createVerifiedUser();
    const seen: CompiledQuery[] = [];
    const recording: KyselyPlugin = {
      transformQuery: (args) => {
        seen.push(ctx.db.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    await todaysQuizzes(ctx.db.withPlugin(recording), { userId: player.id, perDay: PER_DAY });
    const played = seen.filter((q) => /quiz_sessions/.test(q.sql));
    expect(played).toHaveLength(1);
    const query = played[0]!;
    // With sequential scans priced out, the plan shows whether the statement can use the index at all.
    const plan = await ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<Record<string, string>>({
        ...query,
        sql: `explain ${query.sql}`,
      });
      return rows.map((r) => Object.values(r).join(" ")).join("\n");
    });
    expect(plan).toMatch(/quiz_sessions_paid_slot/);
    expect(plan).toMatch(/Index Cond: \(\(user_id = .+\) AND \(quiz_id = .+\)\)/);
    expect(plan).not.toMatch(/Seq Scan on quiz_sessions/);
  });
});
