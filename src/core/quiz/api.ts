import type { z } from "zod";
import type {
  answerResultSchema,
  quizSessionQuestionSchema,
  quizSessionViewSchema,
  quizSummarySchema,
} from "../api/quizzes";

/**
 * The quizzes API contract (ADR 006), shared by the server and the browser. Nothing here ever carries the
 * answer of a question that has not been answered yet.
 */

export const quizIds = ["general", "science", "history"] as const;
export type QuizId = (typeof quizIds)[number];

/** Lucide icon names; the web maps them to its own icon components. */
export const quizIcons = ["brain", "flask-conical", "landmark"] as const;
export type QuizIcon = (typeof quizIcons)[number];

/** The answers of the quizzes API; the schemas are in src/core/api/quizzes.ts. */
export type QuizSummary = z.output<typeof quizSummarySchema>;
export type QuizSessionQuestion = z.output<typeof quizSessionQuestionSchema>;
export type QuizSessionView = z.output<typeof quizSessionViewSchema>;
export type AnswerResult = z.output<typeof answerResultSchema>;
