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

/** What a quiz's round pays: coins per correct answer and the completion bonus (docs/product.md, "Quizzes"). */
export interface QuizTerms {
  perCorrect: number;
  bonus: number;
}

/** The spec's terms (10 and 10), which are also the ceiling of any quiz's own. */
export const DEFAULT_QUIZ_TERMS: QuizTerms = { perCorrect: QUIZ_CORRECT_COINS, bonus: QUIZ_BONUS_COINS };

/**
 * A quiz's own terms as paid: each within the ledger's amount for its kind (src/core/coins.ts is the ceiling);
 * null (a round drawn before quizzes had terms) is the kind's amount.
 */
export function quizTerms(own: { perCorrect: number | null; bonus: number | null }): QuizTerms {
  const within = (value: number | null, ceiling: number, floor: number) =>
    Math.max(floor, Math.min(value ?? ceiling, ceiling));
  return {
    perCorrect: within(own.perCorrect, QUIZ_CORRECT_COINS, 1),
    bonus: within(own.bonus, QUIZ_BONUS_COINS, 0),
  };
}

/**
 * Coins a session has earned: the quiz's coins per correct answer (10 by default), plus its completion bonus
 * (10 by default) once every question is answered. Guests earn nothing (docs/product.md).
 */
export function sessionCoins(input: {
  score: number;
  completed: boolean;
  signedIn: boolean;
  terms?: QuizTerms;
}): number {
  if (!input.signedIn) return 0;
  const terms = input.terms ?? DEFAULT_QUIZ_TERMS;
  return input.score * terms.perCorrect + (input.completed ? terms.bonus : 0);
}

/** Whole-percent progress for the progress bar. */
export function progressPercent(answered: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(answered, 0), total) / total) * 100);
}
