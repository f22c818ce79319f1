import type { Earned } from "../coins";
/**
 * The quizzes API contract (ADR 006), shared by the server and the browser. Nothing here ever carries the
 * answer of a question that has not been answered yet.
 */

export const quizIds = ["general", "science", "history"] as const;
export type QuizId = (typeof quizIds)[number];

/** Lucide icon names; the web maps them to its own icon components. */
export const quizIcons = ["brain", "flask-conical", "landmark"] as const;
export type QuizIcon = (typeof quizIcons)[number];

export interface QuizSummary {
  id: QuizId;
  name: string;
  icon: QuizIcon;
  description: string;
  questionCount: number;
}

export interface QuizSessionQuestion {
  id: string;
  text: string;
  /** The four options in this session's shuffled order. */
  options: string[];
}

export interface QuizSessionView {
  sessionId: string;
  quiz: QuizSummary;
  questions: QuizSessionQuestion[];
  total: number;
  /** ISO time after which answers are refused. */
  expiresAt: string;
  /** A signed-in user's session past the day's paid sessions of this quiz: graded, pays no coins. */
  practice: boolean;
}

export interface AnswerResult {
  correct: boolean;
  /** The answer text of the question just answered. */
  correctAnswer: string;
  score: number;
  answered: number;
  total: number;
  completed: boolean;
  /** What this request paid (a correct answer and, on the last question, the completion bonus); null for none. */
  earned: Earned | null;
  /** Coins this session has paid so far, including the bonus (0 for guests and practice). */
  sessionCoins: number;
  practice: boolean;
}
