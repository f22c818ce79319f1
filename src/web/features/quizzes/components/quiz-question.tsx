import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import type { QuizSessionQuestion } from "~/core/api/quizzes";
import { QUIZ_CORRECT_COINS } from "~/core/quiz/scoring";
import { Button } from "~/web/components/ui/button";
import { cn } from "~/web/lib/cn";
import { QuizProgress } from "./quiz-progress";

export interface QuestionFeedback {
  /** The option the player chose (index in the shown order). */
  option: number;
  correct: boolean;
  /** Known after a right answer and on the round's last answer; a miss keeps it for the round's end. */
  correctAnswer: string | null;
}

/** A miss before the round's end (docs/product.md, "Quizzes"): the answers come with the results. */
export const MISS_FEEDBACK = "Incorrect. The right answers are shown at the end of the round.";

export interface QuizQuestionProps {
  question: QuizSessionQuestion;
  /** 1-based position of this question in the session. */
  number: number;
  total: number;
  answered: number;
  score: number;
  /** The account's total coins; null for guests. */
  totalCoins: number | null;
  /** False when a right answer pays nothing (a guest, a practice round). */
  paid?: boolean;
  /** Set once the server has graded the answer: the options lock and the feedback shows. */
  feedback: QuestionFeedback | null;
  /** The option whose answer is on its way to the server. */
  pendingOption: number | null;
  onChoose: (option: number) => void;
}

/**
 * docs/product.md feedback texts, exactly; a right answer that pays nothing (a guest's, a practice round's) does
 * not read as if it earned coins.
 */
export function feedbackText(feedback: QuestionFeedback, paid = true): string {
  if (!feedback.correct)
    return feedback.correctAnswer === null
      ? MISS_FEEDBACK
      : `Incorrect. The correct answer was: ${feedback.correctAnswer}`;
  return paid ? `Correct! +${QUIZ_CORRECT_COINS} Coins` : "Correct!";
}

function optionState(option: string, index: number, feedback: QuestionFeedback | null) {
  if (!feedback) return "open";
  if (feedback.correctAnswer !== null && option === feedback.correctAnswer) return "right";
  if (index === feedback.option) return "wrong";
  return "other";
}

const optionClasses = {
  open: "",
  right:
    "border-2 border-emerald-600 bg-emerald-50 text-emerald-950 disabled:opacity-100 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50",
  wrong: "border-2 border-destructive bg-destructive/10 text-foreground disabled:opacity-100",
  other: "",
} as const;

/** One question: 'Question n/total', score, total coins, progress, four answer buttons and the feedback. */
export function QuizQuestion(props: QuizQuestionProps) {
  const { question, number, total, answered, score, totalCoins, feedback, pendingOption, onChoose } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const locked = feedback !== null || pendingOption !== null;

  // A new question takes the focus, so keyboard and screen-reader users continue from it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section aria-labelledby="quiz-question" className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 text-sm font-semibold">
        <p>{`Question ${number}/${total}`}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <span>{`Score: ${score}`}</span>
          {totalCoins !== null ? <span>{`Balance: ${totalCoins} coins`}</span> : null}
        </p>
      </div>
      <QuizProgress answered={answered} total={total} />
      <h2
        id="quiz-question"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-balance outline-none sm:text-2xl"
      >
        {question.text}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {question.options.map((option, index) => {
          const state = optionState(option, index, feedback);
          return (
            <li key={option} className="flex">
              <Button
                variant="outline"
                size="lg"
                disabled={locked}
                onClick={() => onChoose(index)}
                className={cn(
                  "h-auto min-h-14 w-full justify-start py-3 text-left whitespace-normal",
                  optionClasses[state],
                )}
              >
                {state === "right" ? (
                  <CircleCheck aria-hidden="true" className="text-emerald-700 dark:text-emerald-300" />
                ) : null}
                {state === "wrong" ? (
                  <CircleX aria-hidden="true" className="text-red-700 dark:text-red-300" />
                ) : null}
                {pendingOption === index ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                ) : null}
                {option}
              </Button>
            </li>
          );
        })}
      </ul>
      <p
        role="status"
        className={cn(
          "min-h-7 text-center text-lg font-semibold",
          feedback?.correct ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300",
        )}
      >
        {feedback ? feedbackText(feedback, props.paid ?? true) : ""}
      </p>
    </section>
  );
}
