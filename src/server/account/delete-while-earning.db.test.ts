import { describe, expect, it } from "vitest";
import { deleteAccount, deletionOutcome, quizAnswers } from "#tests/support/delete-while-earning";
import { contextForFile } from "#tests/support/made-before-all";

/**
 * Deleting the account while earning requests are in flight (docs/product.md, "Deleting the account"; ADR 067):
 * each request checked the session before the deletion committed, and the award looks again under its lock, so
 * no coin is paid after the deletion — its forfeited amount (answer and audit row) is the final balance, and the
 * balance equals the ledger. Quiz answers read the session in one statement and pay in a later one: the window
 * the award's second look closes, on both databases. Every round runs 10 awards at once beside the deletion, and
 * no answer is a 500: a deadlock or serialization failure between two money transactions is retried
 * (ledger/transaction.ts), never answered as a server error.
 */
const ctx = contextForFile();
const ROUNDS = 20;

describe("deleting the account while earning", () => {
  it(`pays nothing after the deletion and answers no 500, in ${ROUNDS} rounds of 10 awards`, {
    timeout: 180_000,
  }, async () => {
    const outcomes = [];
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const user = await ctx.createVerifiedUser();
      const answers = await quizAnswers(ctx.client, user);
      expect(answers).toHaveLength(10);
      // The deletion starts after some of the 10 answers (none to all but one), the rest still on their way.
      const inFlight = answers.map((answer) => answer());
      const deletion = (async () => {
        await Promise.all(inFlight.slice(0, round % answers.length));
        return deleteAccount(ctx.client, user);
      })();
      for (const res of await Promise.all(inFlight)) {
        statuses.push(res.status);
        await res.body?.cancel();
      }
      outcomes.push(await deletionOutcome(ctx.db, user, await deletion));
    }
    expect(outcomes).toHaveLength(ROUNDS);
    expect(statuses).toHaveLength(ROUNDS * 10);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // Each answer either paid (200), came after the deletion and found nobody signed in (401), or passed the
    // session check just before the deletion committed and then found its round gone with the account (404).
    expect(statuses.filter((s) => s !== 200 && s !== 401 && s !== 404)).toEqual([]);
    for (const o of outcomes) {
      expect(o.status).toBe(200);
      expect(o.finalBalance).toBe(o.ledgerSum);
      expect(o.forfeitedCoins).toBe(o.finalBalance);
      expect(o.auditForfeited).toBe(o.finalBalance);
    }
  });
});
