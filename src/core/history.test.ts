import { describe, expect, it } from "vitest";
import { quizSessionReason } from "./history";

describe("quizSessionReason", () => {
  it("names the quiz, the right answers' coins and the completion bonus", () => {
    expect(quizSessionReason("Science Facts", { count: 5, coins: 50 }, 10)).toBe(
      "Science Facts: 5 correct +50, completion +10",
    );
  });

  it("leaves the bonus out until it is paid", () => {
    expect(quizSessionReason("World History", { count: 2, coins: 20 }, 0)).toBe(
      "World History: 2 correct +20",
    );
  });
});
