import { describe, expect, it } from "vitest";
import { deleteAccount, deletionOutcome, quizAnswers } from "#tests/support/delete-while-earning";
import { contextForFile } from "#tests/support/made-before-all";

/**
 * Deleting the account while earning requests are in flight (docs/product.md, "Deleting the account"; ADR 067):
 * each request checked the session before the deletion committed, and the award looks again under its lock, so
 * no coin is paid after the deletion — its forfeited amount (answer and audit row) is the final balance, and the
 * balance equals the ledger. Quiz answers read the session in one statement and pay in a later one: the window
 * the award's second look closes, on both databases.
 */
const ctx = contextForFile();
const USERS = 6;

describe("deleting the account while earning", () => {
  it(`pays nothing after the deletion: forfeited = final balance, for ${USERS} users`, async () => {
    const outcomes = [];
    for (let u = 0; u < USERS; u++) {
      const user = await ctx.createVerifiedUser();
      const answers = await quizAnswers(ctx.client, user);
      // The deletion starts after u of the answers, with the rest still on their way.
      const inFlight = answers.map((answer) => answer());
      const deletion = (async () => {
        await Promise.all(inFlight.slice(0, u));
        return deleteAccount(ctx.client, user);
      })();
      const answered = await Promise.all(inFlight);
      for (const res of answered) await res.body?.cancel();
      outcomes.push(await deletionOutcome(ctx.db, user, await deletion));
    }
    for (const o of outcomes) {
      expect(o.status).toBe(200);
      expect(o.finalBalance).toBe(o.ledgerSum);
      expect(o.forfeitedCoins).toBe(o.finalBalance);
      expect(o.auditForfeited).toBe(o.finalBalance);
    }
  });
});
