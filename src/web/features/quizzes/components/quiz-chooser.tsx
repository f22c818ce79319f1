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

const colors: Record<QuizId, string> = {
  general: "from-amber-300 to-orange-400 text-amber-950",
  science: "from-sky-300 to-blue-400 text-sky-950",
  history: "from-violet-300 to-purple-400 text-violet-950",
};

/** On a quiz that paid today: its next session is practice. */
export const PRACTICE_CHOOSER_NOTE = "Paid today — play again as practice (no coins until tomorrow).";

export interface QuizChooserProps {
  onChoose: (quizId: QuizId) => void;
  /** The quiz whose session is being started, if any; all buttons wait meanwhile. */
  startingQuizId: QuizId | null;
  /** Quizzes that already paid today: their next session is a practice round. */
  practiceQuizIds?: readonly string[];
}

/** The three quizzes of docs/product.md, each with a button that starts a fresh session. */
export function QuizChooser({ onChoose, startingQuizId, practiceQuizIds = [] }: QuizChooserProps) {
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
            onChoose={onChoose}
          />
        </li>
      ))}
    </ul>
  );
}

function QuizCard({
  quiz,
  starting,
  practice,
  onChoose,
}: {
  quiz: QuizSummary;
  starting: QuizId | null;
  practice: boolean;
  onChoose: (quizId: QuizId) => void;
}) {
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <div className={`flex h-28 items-center justify-center bg-gradient-to-br ${colors[quiz.id]}`}>
        <QuizIcon name={quiz.icon} className="size-12" />
      </div>
      <CardHeader>
        <CardTitle as="h2">{quiz.name}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription className="text-base">{quiz.description}</CardDescription>
        {practice ? (
          <p className="mt-3 rounded-lg border bg-muted px-3 py-2 text-sm font-medium">
            {PRACTICE_CHOOSER_NOTE}
          </p>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          aria-label={`Start Quiz: ${quiz.name}`}
          disabled={starting !== null}
          onClick={() => onChoose(quiz.id)}
        >
          {starting === quiz.id ? (
            <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <Play aria-hidden="true" />
          )}
          Start Quiz
        </Button>
      </CardFooter>
    </Card>
  );
}
