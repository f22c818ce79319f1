import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUserRow } from "#tests/support/db-users";
import { openTestDatabase } from "#tests/support/test-db";
import type { DatabaseHandle } from "~/server/db/client";
import { getBalance } from "../ledger/ledger.service";
import { listHistory } from "../ledger/ledger-history";
import { quizContent } from "./content";
import { answerQuestion } from "./quiz-answers";
import { pruneQuizSessionDetails } from "./quiz-retention.job";
import { startSession } from "./quizzes.service";

/**
 * Quiz sessions' retention (docs/product.md, "Quizzes"), on a controlled clock: a session's question list is
 * pruned once it expired more than the retention's days ago, in batches; its row, its answers and its coins stay
 * (the balance, the ledger and the history's named quiz line are what they were).
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const DAY = 24 * 3600_000;
const NOW = new Date("2026-06-30T12:00:00Z");
const answers = new Map(quizContent.flatMap((quiz) => quiz.questions).map((q) => [q.id, q.answer]));

/** A session of `quizId` started at `at` with every question answered right at the same moment. */
async function playedSession(userId: string, quizId: "general" | "science" | "history", at: Date) {
  const session = await startSession(handle.db, { quizId, userId, now: at });
  for (const q of session.questions)
    await answerQuestion(handle.db, {
      sessionId: session.sessionId,
      userId,
      questionId: q.id,
      option: q.options.indexOf(answers.get(q.id) ?? ""),
      now: at,
    });
  return session.sessionId;
}

const sessionRows = (ids: string[]) =>
  sql<{ id: string; items: unknown[]; completed_at: Date | null; paid_slot: number | null; bytes: number }>`
    select id, items, completed_at, paid_slot, pg_column_size(s.*)::int as bytes
    from quiz_sessions s where id = any(${ids}::uuid[])`.execute(handle.db);

describe("quiz session retention", () => {
  it("prunes the question lists of sessions expired past the retention, keeping answers and coins", async () => {
    const user = await insertUserRow(handle.db);
    const old1 = await playedSession(user.id, "general", new Date(NOW.getTime() - 40 * DAY));
    const old2 = await playedSession(user.id, "science", new Date(NOW.getTime() - 31 * DAY));
    // Expired 29 days 22 hours ago (a session lasts 2 hours): inside a 30-day retention.
    const recent = await playedSession(user.id, "history", new Date(NOW.getTime() - 30 * DAY));
    const ids = [old1, old2, recent];
    const before = new Map((await sessionRows(ids)).rows.map((r) => [r.id, r]));
    const balance = await getBalance(handle.db, user.id);
    expect(balance).toBe(330);
    const history = await listHistory(handle.db, user.id, { limit: 10 });
    const answersBefore = await handle.db
      .selectFrom("quiz_answers")
      .selectAll()
      .where("session_id", "in", ids)
      .execute();

    // Batches of one: the loop, not one statement, prunes both.
    expect(await pruneQuizSessionDetails(handle.db, 30, { now: NOW, batch: 1 })).toBe(2);
    expect(await pruneQuizSessionDetails(handle.db, 30, { now: NOW, batch: 1 })).toBe(0);

    const after = new Map((await sessionRows(ids)).rows.map((r) => [r.id, r]));
    expect(after.get(old1)?.items).toEqual([]);
    expect(after.get(old2)?.items).toEqual([]);
    expect(after.get(recent)?.items).toHaveLength(10);
    for (const id of ids) {
      expect(after.get(id)?.completed_at).toEqual(before.get(id)?.completed_at);
      expect(after.get(id)?.paid_slot).toEqual(before.get(id)?.paid_slot);
    }
    const [bytesBefore, bytesAfter] = [before.get(old1)?.bytes ?? 0, after.get(old1)?.bytes ?? 0];
    console.log(`quiz session row: ${bytesBefore} B with its question list, ${bytesAfter} B pruned`);
    expect(bytesAfter).toBeLessThan(bytesBefore / 2);
    expect(await getBalance(handle.db, user.id)).toBe(balance);
    expect(await listHistory(handle.db, user.id, { limit: 10 })).toEqual(history);
    expect(
      await handle.db.selectFrom("quiz_answers").selectAll().where("session_id", "in", ids).execute(),
    ).toEqual(answersBefore);

    // A day later the third one has passed the retention too; a shorter setting prunes sooner.
    expect(await pruneQuizSessionDetails(handle.db, 30, { now: new Date(NOW.getTime() + DAY) })).toBe(1);
  });

  it("finds its batches by a partial index of the sessions still holding a question list", async () => {
    const { rows } = await sql<{ valid: boolean; def: string }>`
      select i.indisvalid as valid, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname = 'quiz_sessions_items_expiry_idx'`.execute(handle.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.valid).toBe(true);
    expect(rows[0]?.def).toMatch(/\(expires_at\) WHERE \(items <> '\[\]'::jsonb\)/);
  });

  it("stops after its batches and leaves the rest to the next run", async () => {
    const user = await insertUserRow(handle.db);
    for (const quizId of ["general", "science", "history"] as const)
      await playedSession(user.id, quizId, new Date(NOW.getTime() - 400 * DAY));
    const far = new Date(NOW.getTime() - 398 * DAY);
    expect(await pruneQuizSessionDetails(handle.db, 1, { now: far, batch: 1, maxBatches: 2 })).toBe(2);
    expect(await pruneQuizSessionDetails(handle.db, 1, { now: far, batch: 1, maxBatches: 2 })).toBe(1);
  });
});
