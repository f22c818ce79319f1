import { describe, expect, it } from "vitest";
import {
  adjustmentCauseKey,
  quizCauseKeys,
  redemptionCauseKeys,
  referralCauseKeys,
  watchCauseKey,
  winCauseKey,
} from "./cause-keys";

describe("ledger cause keys", () => {
  it("keep the exact strings stored rows and SQL depend on", () => {
    expect(winCauseKey("g1")).toBe("ttt-win:g1");
    expect(winCauseKey("")).toBe("ttt-win:");
    expect(quizCauseKeys.answer("s1", "q7")).toBe("quiz:s1:q7");
    expect(quizCauseKeys.bonus("s1")).toBe("quiz-bonus:s1");
    expect(watchCauseKey("w1")).toBe("video-watch:w1");
    expect(referralCauseKeys("u1")).toEqual({
      friend: "referral:u1:friend",
      referrer: "referral:u1:referrer",
    });
    expect(redemptionCauseKeys(42)).toEqual({ hold: "redemption:42", refund: "redemption-refund:42" });
    expect(adjustmentCauseKey("u1", "abc")).toBe("adjustment:u1:abc");
  });

  it("scope an adjustment's key to its user: one id, one key per user, the same key on every resend", () => {
    expect(adjustmentCauseKey("u1", "id")).toBe(adjustmentCauseKey("u1", "id"));
    expect(adjustmentCauseKey("u1", "id")).not.toBe(adjustmentCauseKey("u2", "id"));
    expect(adjustmentCauseKey("u1", "id")).not.toBe(adjustmentCauseKey("u1", "other"));
  });

  it("never give two causes the same key", () => {
    const keys = [
      winCauseKey("x"),
      quizCauseKeys.answer("x", "y"),
      quizCauseKeys.bonus("x"),
      watchCauseKey("x"),
      ...Object.values(referralCauseKeys("x")),
      ...Object.values(redemptionCauseKeys(1)),
      adjustmentCauseKey("x", "y"),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
