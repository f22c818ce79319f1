import { z } from "zod";
import { earnedSchema } from "./earned";

/**
 * The quizzes API contract (ADR 006), shared by the server and the browser. Nothing here ever carries the
 * answer of a question that has not been answered yet.
 */

/**
 * Quiz ids, icons and categories are data the console writes (docs/product.md, "Content operations"), not closed
 * lists: an id is a lower-case slug, an icon a Lucide icon name the web maps to its own components (with a default
 * for a name it does not know).
 */
export const quizIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "A quiz id is a lower-case slug.");
export type QuizId = z.output<typeof quizIdSchema>;

/** The icons the console offers and the web draws. */
export const quizIcons = [
  "brain",
  "flask-conical",
  "landmark",
  "globe",
  "book-open",
  "music",
  "trophy",
] as const;

/** Answers of /api/quizzes (ADR 006). Nothing here carries the answer of a question not yet answered. */
export const quizSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  category: z.string(),
  description: z.string(),
  questionCount: z.number().int(),
  /**
   * What a paid round of this quiz pays: coins per correct answer and the completion bonus (0: none), the quiz's
   * own terms within the ledger's (docs/product.md, "Content operations"). A round resumed shows the terms it was
   * drawn under.
   */
  reward: z.number().int(),
  completionBonus: z.number().int(),
});

export const quizListResponseSchema = z.object({ quizzes: z.array(quizSummarySchema) });

export const quizSessionQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** The question's options (2–6) in this session's shuffled order. */
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
  /**
   * The ids of the questions already answered, in the order given: empty for a new round, the first ones of a
   * round resumed (docs/product.md, "Quizzes": a paid round survives leaving). `score`: how many were right.
   */
  given: z.array(z.string()),
  score: z.number().int(),
});

/** One question of a finished round, for the results: what was asked, what the player chose, the answer. */
export const roundReviewItemSchema = z.object({
  questionId: z.string(),
  text: z.string(),
  chosen: z.string(),
  answer: z.string(),
  correct: z.boolean(),
  /** Why the answer is right, when the editor wrote it; null for none. */
  explanation: z.string().nullable(),
});

export const answerResultSchema = z.object({
  correct: z.boolean(),
  /**
   * The answer text of the question just answered — only when it was answered right or the round is complete: a
   * miss does not tell the answer until the round's end (docs/product.md, "Quizzes").
   */
  correctAnswer: z.string().nullable(),
  score: z.number().int(),
  answered: z.number().int(),
  total: z.number().int(),
  completed: z.boolean(),
  /** What this request paid (a correct answer and, on the last question, the completion bonus); null for none. */
  earned: earnedSchema.nullable(),
  /** Coins this session has paid so far, including the bonus (0 for guests and practice). */
  sessionCoins: z.number().int(),
  practice: z.boolean(),
  /** On the round's last answer: every question of the round with its answer, in the order asked; else null. */
  review: z.array(roundReviewItemSchema).nullable(),
});

/** `option` is the index of the chosen option in the session's shuffled order (0–5: 2 to 6 options). */
export const answerInputSchema = z.object({
  questionId: z.string().min(1).max(64),
  option: z.number().int().min(0).max(5),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

/**
 * GET /api/quizzes/today: the day's featured live quizzes (docs/product.md, "Quizzes": Today's quizzes), in the
 * rotation's order. `new`: a signed-in player (confirmed address) has never started a round of it — paid or
 * practice, any day; always false for anyone who plays as a guest, whose rounds are not theirs to count.
 */
export const todaysQuizzesResponseSchema = z.object({
  /** The UTC day the rotation chose for, "YYYY-MM-DD". */
  day: z.iso.date(),
  quizzes: z.array(z.object({ id: z.string(), new: z.boolean() })),
});
export type TodaysQuizzes = z.output<typeof todaysQuizzesResponseSchema>;

/** The answers of the quizzes API. */
export type QuizSummary = z.output<typeof quizSummarySchema>;
export type QuizSessionQuestion = z.output<typeof quizSessionQuestionSchema>;
export type QuizSessionView = z.output<typeof quizSessionViewSchema>;
export type AnswerResult = z.output<typeof answerResultSchema>;
export type RoundReviewItem = z.output<typeof roundReviewItemSchema>;
