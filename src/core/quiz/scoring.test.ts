import { describe, expect, it } from "vitest";
import {
  isQuizComplete,
  progressPercent,
  QUIZ_BONUS_COINS,
  QUIZ_CORRECT_COINS,
  quizScore,
  sessionCoins,
} from "./scoring";

describe("quiz scoring", () => {
  it("counts correct answers", () => {
    expect(quizScore([])).toBe(0);
    expect(quizScore([{ correct: true }, { correct: false }, { correct: true }])).toBe(2);
  });

  it("pays 10 per correct answer and the 10-coin bonus on completion (docs/product.md)", () => {
    expect(QUIZ_CORRECT_COINS).toBe(10);
    expect(QUIZ_BONUS_COINS).toBe(10);
    expect(sessionCoins({ score: 10, completed: true, signedIn: true })).toBe(110);
    expect(sessionCoins({ score: 7, completed: true, signedIn: true })).toBe(80);
    expect(sessionCoins({ score: 0, completed: true, signedIn: true })).toBe(10);
    expect(sessionCoins({ score: 3, completed: false, signedIn: true })).toBe(30);
  });

  it("pays guests nothing", () => {
    expect(sessionCoins({ score: 10, completed: true, signedIn: false })).toBe(0);
    expect(sessionCoins({ score: 4, completed: false, signedIn: false })).toBe(0);
  });

  it("knows when a session is complete", () => {
    expect(isQuizComplete(9, 10)).toBe(false);
    expect(isQuizComplete(10, 10)).toBe(true);
    expect(isQuizComplete(0, 0)).toBe(false);
  });

  it("turns progress into a clamped whole percent", () => {
    expect(progressPercent(0, 10)).toBe(0);
    expect(progressPercent(3, 10)).toBe(30);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(12, 10)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
  });
});
