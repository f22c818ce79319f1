import { rewards } from "../coins";

/** docs/product.md: every quiz has 10 questions and a round draws 10 of them. */
export const QUESTIONS_PER_QUIZ = 10;
export const OPTIONS_PER_QUESTION = 4;
/** docs/product.md: the question view moves on by itself 1500 ms after the feedback appears. */
export const QUIZ_AUTO_ADVANCE_MS = 1500;
/** ADR 006: a quiz session can be answered for 2 hours after it starts. */
export const QUIZ_SESSION_TTL_MS = 2 * 60 * 60 * 1000;

export const QUIZ_CORRECT_COINS = rewards.quiz_correct.amount;
export const QUIZ_BONUS_COINS = rewards.quiz_bonus.amount;

/** Number of correct answers. */
export function quizScore(answers: readonly { correct: boolean }[]): number {
  return answers.filter((a) => a.correct).length;
}

export function isQuizComplete(answered: number, total: number): boolean {
  return total > 0 && answered >= total;
}

/**
 * Coins a session has earned: 10 per correct answer, plus the 10-coin completion bonus once every question
 * is answered. Guests earn nothing (docs/product.md).
 */
export function sessionCoins(input: { score: number; completed: boolean; signedIn: boolean }): number {
  if (!input.signedIn) return 0;
  return input.score * QUIZ_CORRECT_COINS + (input.completed ? QUIZ_BONUS_COINS : 0);
}

/** Whole-percent progress for the progress bar. */
export function progressPercent(answered: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(answered, 0), total) / total) * 100);
}
