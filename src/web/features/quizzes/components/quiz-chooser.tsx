import { LoaderCircle, Play } from "lucide-react";
import { useDeferredValue } from "react";
import type { QuizId, QuizSummary } from "~/core/api/quizzes";
import { Button } from "~/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/web/components/ui/card";
import { Spinner } from "~/web/components/ui/spinner";
import { useQuizzes } from "../api/get-quizzes";
import { QuizIcon } from "./quiz-icon";

/** A quiz's card colour follows its icon (icons are data the console sets); any other icon gets the first. */
const colors: Record<string, string> = {
  brain: "from-amber-300 to-orange-400 text-amber-950",
  "flask-conical": "from-sky-300 to-blue-400 text-sky-950",
  landmark: "from-violet-300 to-purple-400 text-violet-950",
  globe: "from-emerald-300 to-teal-400 text-emerald-950",
};
const colorOf = (icon: string) => (Object.hasOwn(colors, icon) ? colors[icon] : colors.brain);

/** On a quiz that paid today: its next session is practice. */
export const PRACTICE_CHOOSER_NOTE = "Paid today — play again as practice (no coins until tomorrow).";

export interface QuizChooserProps {
  onChoose: (quizId: QuizId) => void;
  /** The quiz whose session is being started, if any; all buttons wait meanwhile. */
  startingQuizId: QuizId | null;
  /** Quizzes that already paid today: their next session is a practice round. */
  practiceQuizIds?: readonly string[];
  /** The player's paid rounds left unfinished, by quiz: the card offers 'Resume' (docs/product.md, "Quizzes"). */
  rounds?: ReadonlyMap<string, { answered: number; total: number }>;
}

/** The three quizzes of docs/product.md, each with a button that starts a fresh session. */
export function QuizChooser({
  onChoose,
  startingQuizId,
  practiceQuizIds = [],
  rounds = new Map(),
}: QuizChooserProps) {
  const quizzes = useQuizzes();
  // The cards render in a background (time-sliced) render once the list arrives, not inside the update that
  // brings it, which would be one long task (docs/decisions/044-short-main-thread-tasks.md).
  const list = useDeferredValue(quizzes.data);
  if (quizzes.isError)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 text-center">
        <p role="alert">Could not load the quizzes. {quizzes.error.message}</p>
        <Button variant="outline" onClick={() => void quizzes.refetch()}>
          Try again
        </Button>
      </div>
    );
  // Still loading, or the list has arrived and its render is under way.
  if (!list)
    return (
      <div className="flex justify-center">
        <Spinner label="Loading quizzes" />
      </div>
    );
  return (
    <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-3">
      {list.map((quiz) => (
        <li key={quiz.id} className="flex">
          <QuizCard
            quiz={quiz}
            starting={startingQuizId}
            practice={practiceQuizIds.includes(quiz.id)}
            round={rounds.get(quiz.id) ?? null}
            onChoose={onChoose}
          />
        </li>
      ))}
    </ul>
  );
}

/** What a paid round pays, in the quiz's own terms: "10 coins per right answer + 10-coin bonus". */
export const termsText = (quiz: Pick<QuizSummary, "reward" | "completionBonus">) =>
  `${quiz.reward} coin${quiz.reward === 1 ? "" : "s"} per right answer${quiz.completionBonus > 0 ? ` + ${quiz.completionBonus}-coin bonus` : ""}`;

function QuizCard({
  quiz,
  starting,
  practice,
  round,
  onChoose,
}: {
  quiz: QuizSummary;
  starting: QuizId | null;
  practice: boolean;
  round: { answered: number; total: number } | null;
  onChoose: (quizId: QuizId) => void;
}) {
  const verb = round ? "Resume" : "Start";
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <div className={`flex h-28 items-center justify-center bg-gradient-to-br ${colorOf(quiz.icon)}`}>
        <QuizIcon name={quiz.icon} className="size-12" />
      </div>
      <CardHeader>
        <CardTitle as="h2">{quiz.name}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription className="text-base">{quiz.description}</CardDescription>
        <p className="mt-2 text-sm text-muted-foreground">{termsText(quiz)}</p>
        {practice ? (
          <p className="mt-3 rounded-lg border bg-muted px-3 py-2 text-sm font-medium">
            {PRACTICE_CHOOSER_NOTE}
          </p>
        ) : null}
        {round ? (
          <p className="mt-3 rounded-lg border bg-muted px-3 py-2 text-sm font-medium">
            {`Resume: ${round.answered} of ${round.total} answered`}
          </p>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          aria-label={`${verb} Quiz: ${quiz.name}`}
          disabled={starting !== null}
          onClick={() => onChoose(quiz.id)}
        >
          {starting === quiz.id ? (
            <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <Play aria-hidden="true" />
          )}
          {`${verb} Quiz`}
        </Button>
      </CardFooter>
    </Card>
  );
}
