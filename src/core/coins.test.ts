import { describe, expect, it } from "vitest";
import { coinsEarnedText, coinsToCents, formatDollars, maskEmail, rewards } from "./coins";

describe("coin ↔ dollar math", () => {
  it("converts 1000 coins to $5.00", () => {
    expect(formatDollars(1000)).toBe("5.00");
    expect(coinsToCents(1000)).toBe(500);
  });

  it("rounds half a cent up, consistently", () => {
    expect(formatDollars(1)).toBe("0.01");
    expect(formatDollars(2)).toBe("0.01");
    expect(formatDollars(3)).toBe("0.02");
    expect(formatDollars(0)).toBe("0.00");
    expect(formatDollars(199)).toBe("1.00");
    expect(formatDollars(123_457)).toBe("617.29");
  });

  it("agrees with amount × 0.005 to 2 decimals wherever that product is not a half cent", () => {
    for (let coins = 0; coins <= 5000; coins += 2) {
      expect(formatDollars(coins), String(coins)).toBe((coins * 0.005).toFixed(2));
    }
  });

  it("ignores the sign for display and truncates fractions", () => {
    expect(formatDollars(-10)).toBe("0.05");
    expect(coinsToCents(10.9)).toBe(5);
  });
});

describe("rewards", () => {
  it("match docs/product.md", () => {
    expect(rewards.ttt_win).toEqual({ amount: 10, reason: "Tic Tac Toe win" });
    expect(rewards.quiz_correct.amount).toBe(10);
    expect(rewards.quiz_bonus.amount).toBe(10);
    expect(rewards.video_watch.amount).toBe(10);
  });

  it("formats the Coins Earned! text", () => {
    expect(coinsEarnedText(10, "Tic Tac Toe win", 40)).toBe(
      "You earned 10 coins for Tic Tac Toe win. Total: 40.",
    );
  });

  it("masks e-mail addresses", () => {
    expect(maskEmail("jane@example.com")).toBe("ja***@example.com");
    expect(maskEmail("j@x.io")).toBe("j***@x.io");
    expect(maskEmail("nope")).toBe("***");
  });
});
