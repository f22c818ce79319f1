import { z } from "zod";
import { earnedSchema } from "./earned";

/**
 * The quizzes API contract (ADR 006), shared by the server and the browser. Nothing here ever carries the
 * answer of a question that has not been answered yet.
 */

export const quizIds = ["general", "science", "history"] as const;
export type QuizId = (typeof quizIds)[number];

/** Lucide icon names; the web maps them to its own icon components. */
export const quizIcons = ["brain", "flask-conical", "landmark"] as const;
export type QuizIcon = (typeof quizIcons)[number];

/** Answers of /api/quizzes (ADR 006). Nothing here carries the answer of a question not yet answered. */
export const quizSummarySchema = z.object({
  id: z.enum(quizIds),
  name: z.string(),
  icon: z.enum(quizIcons),
  description: z.string(),
  questionCount: z.number().int(),
});

export const quizListResponseSchema = z.object({ quizzes: z.array(quizSummarySchema) });

export const quizSessionQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** The four options in this session's shuffled order. */
  options: z.array(z.string()),
});

export const quizSessionViewSchema = z.object({
  sessionId: z.uuid(),
  quiz: quizSummarySchema,
  questions: z.array(quizSessionQuestionSchema),
  total: z.number().int(),
  /** ISO time after which answers are refused. */
  expiresAt: z.iso.datetime(),
  /** A signed-in user's session past the day's paid sessions of this quiz: graded, pays no coins. */
  practice: z.boolean(),
});

export const answerResultSchema = z.object({
  correct: z.boolean(),
  /** The answer text of the question just answered. */
  correctAnswer: z.string(),
  score: z.number().int(),
  answered: z.number().int(),
  total: z.number().int(),
  completed: z.boolean(),
  /** What this request paid (a correct answer and, on the last question, the completion bonus); null for none. */
  earned: earnedSchema.nullable(),
  /** Coins this session has paid so far, including the bonus (0 for guests and practice). */
  sessionCoins: z.number().int(),
  practice: z.boolean(),
});

/** `option` is the index of the chosen option in the session's shuffled order (0–3). */
export const answerInputSchema = z.object({
  questionId: z.string().min(1).max(64),
  option: z.number().int().min(0).max(3),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

/** The answers of the quizzes API. */
export type QuizSummary = z.output<typeof quizSummarySchema>;
export type QuizSessionQuestion = z.output<typeof quizSessionQuestionSchema>;
export type QuizSessionView = z.output<typeof quizSessionViewSchema>;
export type AnswerResult = z.output<typeof answerResultSchema>;
