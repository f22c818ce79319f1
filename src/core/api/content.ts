import { z } from "zod";
import { QUIZ_BONUS_COINS, QUIZ_CORRECT_COINS } from "../quiz/scoring";
import { wordsField } from "../words";
import { quizIdSchema } from "./quizzes";

/**
 * The content console (/api/admin/quizzes…): what editors and administrators send and read (docs/product.md,
 * "Content operations"). Unlike the players' API, these answers carry each question's answer.
 */

/** Fewest and most options a question may have; exactly one of them is the answer. */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;

const words = (what: string, min: number, max: number) =>
  wordsField({
    min,
    max,
    tooShort: `Give the ${what} at least ${min} character${min === 1 ? "" : "s"}.`,
    tooLong: `Keep the ${what} under ${max} characters.`,
  });

export const quizNameField = words("name", 3, 80);
export const quizDescriptionField = words("description", 3, 300);
export const quizCategoryField = words("category", 2, 40);
/** An icon is a Lucide icon name (the web draws a default for one it does not know). */
export const quizIconField = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "An icon is a Lucide icon name.");
export const questionTextField = words("question", 3, 300);
export const optionTextField = words("option", 1, 120);
export const explanationField = words("explanation", 3, 500);
/** A quiz's own reward: coins per correct answer and the completion bonus, the ledger's amounts the ceiling. */
export const quizRewardField = z
  .number()
  .int("Give whole coins.")
  .min(1, "A correct answer pays at least 1 coin.")
  .max(QUIZ_CORRECT_COINS, `A correct answer pays at most ${QUIZ_CORRECT_COINS} coins.`);
export const completionBonusField = z
  .number()
  .int("Give whole coins.")
  .min(0, "The bonus is 0 coins or more.")
  .max(QUIZ_BONUS_COINS, `The completion bonus is at most ${QUIZ_BONUS_COINS} coins.`);

export const contentQuizParam = z.object({ quizId: quizIdSchema });
export const contentQuestionParam = z.object({
  quizId: quizIdSchema,
  questionId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "A question id is a lower-case slug."),
});

/** A quiz's stored status (ADR 115): an import makes a draft; Publish and Retire move it on. */
export const quizStatuses = ["draft", "published", "retired"] as const;
export type QuizStatus = (typeof quizStatuses)[number];
/**
 * What players see of a quiz at a moment (docs/product.md, "Content operations"): a draft, a published quiz whose
 * publish at has not come (scheduled), live, or retired (by Retire or from its retire at on).
 */
export const quizStates = ["draft", "scheduled", "live", "retired"] as const;
export type QuizState = (typeof quizStates)[number];

/** An instant as the console sends it: ISO 8601 with its offset (the browser converts the operator's zone). */
export const quizInstantField = z.iso.datetime({ offset: true, message: "Give a date and time." });

/** The state of a quiz at `now`: the one rule the players' lists, a round's start and the console agree on. */
export function quizState(
  quiz: { status: QuizStatus; publishAt: string | null; retireAt: string | null },
  now: Date,
): QuizState {
  if (quiz.status === "draft") return "draft";
  if (quiz.status === "retired" || (quiz.retireAt && Date.parse(quiz.retireAt) <= now.getTime()))
    return "retired";
  if (quiz.publishAt && Date.parse(quiz.publishAt) > now.getTime()) return "scheduled";
  return "live";
}

const scheduleInOrder = (v: {
  publishAt?: string | null | undefined;
  retireAt?: string | null | undefined;
}) => !v.publishAt || !v.retireAt || Date.parse(v.retireAt) > Date.parse(v.publishAt);

/** PATCH /api/admin/quizzes/:quizId: the fields to change (at least one); null clears a schedule time. */
export const quizUpdateInput = z
  .object({
    name: quizNameField.optional(),
    description: quizDescriptionField.optional(),
    icon: quizIconField.optional(),
    category: quizCategoryField.optional(),
    reward: quizRewardField.optional(),
    completionBonus: completionBonusField.optional(),
    publishAt: quizInstantField.nullable().optional(),
    retireAt: quizInstantField.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Change at least one field.")
  .refine(scheduleInOrder, { path: ["retireAt"], message: "Retire at must be after publish at." })
  // The rule "at least one field" in the document's words: its examples each change one or all.
  .meta({
    examples: [
      { name: "Science Today" },
      { name: "Science Today", description: "Test your knowledge.", icon: "globe", category: "Science" },
      { publishAt: "2030-01-01T09:00:00Z", retireAt: null },
      { reward: 5, completionBonus: 0 },
    ],
  });
export type QuizUpdateInput = z.output<typeof quizUpdateInput>;

/** POST /api/admin/quizzes: a new quiz, a draft with no questions until an editor writes or imports them. */
export const quizCreateInput = z
  .object({
    name: quizNameField,
    description: quizDescriptionField,
    category: quizCategoryField,
    icon: quizIconField.default("book-open"),
    reward: quizRewardField.default(QUIZ_CORRECT_COINS),
    completionBonus: completionBonusField.default(QUIZ_BONUS_COINS),
  })
  .meta({
    examples: [
      {
        name: "Space Facts",
        description: "Planets, stars and the people who went there.",
        category: "Science",
      },
      {
        name: "World Capitals",
        description: "Name the capital city.",
        category: "Geography",
        icon: "globe",
        reward: 5,
        completionBonus: 5,
      },
    ],
  });
export type QuizCreateInput = z.output<typeof quizCreateInput>;

/** A question as an editor writes it: 2–6 distinct options, `answer` the text of exactly one of them. */
export const questionInput = z
  .object({
    text: questionTextField,
    options: z.array(optionTextField).min(MIN_OPTIONS).max(MAX_OPTIONS),
    answer: optionTextField,
    /** Shown with the answer at the round's end; null or absent: none. */
    explanation: explanationField.nullable().optional(),
  })
  .superRefine((q, ctx) => {
    const lower = q.options.map((o) => o.toLowerCase());
    if (new Set(lower).size !== lower.length)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Two options are the same." });
    if (!q.options.includes(q.answer))
      ctx.addIssue({ code: "custom", path: ["answer"], message: "The answer must be one of the options." });
  })
  // Distinct options with the answer among them, as the document shows it: the fewest and the most options.
  .meta({
    examples: [
      { text: "Which planet is known as the Red Planet?", options: ["Mars", "Venus"], answer: "Mars" },
      {
        text: "Which of these is a prime number?",
        options: ["4", "6", "7", "8", "9", "10"],
        answer: "7",
        explanation: "7 has no divisors but 1 and itself.",
      },
    ],
  });
export type QuestionInput = z.output<typeof questionInput>;

export const contentQuizSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  category: z.string(),
  description: z.string(),
  position: z.number().int(),
  /** Raised by every edit of the quiz or its questions; a round keeps the version it drew from. */
  version: z.number().int(),
  questionCount: z.number().int(),
  /** Coins per correct answer and the completion bonus a new round is drawn under. */
  reward: z.number().int(),
  completionBonus: z.number().int(),
  status: z.enum(quizStatuses),
  publishAt: z.iso.datetime().nullable(),
  retireAt: z.iso.datetime().nullable(),
  /** By the server's clock (quizState). */
  state: z.enum(quizStates),
});
export const contentQuizListSchema = z.object({ quizzes: z.array(contentQuizSchema) });

export const contentQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.string()),
  answer: z.string(),
  explanation: z.string().nullable(),
});
export const contentQuizDetailSchema = z.object({
  quiz: contentQuizSchema,
  questions: z.array(contentQuestionSchema),
});

export type ContentQuiz = z.output<typeof contentQuizSchema>;
export type ContentQuestion = z.output<typeof contentQuestionSchema>;
export type ContentQuizDetail = z.output<typeof contentQuizDetailSchema>;

/**
 * GET /api/admin/quizzes/:quizId/preview: a round as a player would draw it (up to 10 questions at random, options
 * shuffled), with the answers, for the editor's browser to grade. Nothing is stored and nothing is paid (ADR 115).
 */
export const quizPreviewSchema = z.object({
  quiz: z.object({ id: z.string(), name: z.string(), state: z.enum(quizStates) }),
  questions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      options: z.array(z.string()),
      answer: z.string(),
      explanation: z.string().nullable(),
    }),
  ),
});
export type QuizPreview = z.output<typeof quizPreviewSchema>;
