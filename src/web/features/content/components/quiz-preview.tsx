import { useState } from "react";
import type { QuizPreview as Preview } from "~/core/api/content";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { cn } from "~/web/lib/cn";
import { useQuizPreview } from "../api/get-quiz-preview";
import { quizStateLabel } from "./quiz-state-panel";

type PreviewQuestion = Preview["questions"][number];

/** One question as a player sees it, graded here in the browser: the preview holds the answers (ADR 115). */
function PreviewQuestionCard(props: {
  question: PreviewQuestion;
  number: number;
  total: number;
  chosen: string | null;
  onChoose: (option: string) => void;
}) {
  const { question, chosen } = props;
  const right = chosen === question.answer;
  return (
    <section aria-labelledby="preview-question" className="grid gap-4">
      <p className="text-sm font-semibold">{`Question ${props.number}/${props.total}`}</p>
      <h2 id="preview-question" className="text-xl font-bold text-balance">
        {question.text}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {question.options.map((option) => (
          <li key={option} className="flex">
            <Button
              variant="outline"
              size="lg"
              disabled={chosen !== null}
              onClick={() => props.onChoose(option)}
              className={cn(
                "h-auto min-h-14 w-full justify-start py-3 text-left whitespace-normal disabled:opacity-100",
                chosen !== null && option === question.answer && "border-2 border-emerald-600",
                chosen === option && !right && "border-2 border-destructive",
              )}
            >
              {option}
            </Button>
          </li>
        ))}
      </ul>
      <p role="status" className="min-h-7 text-lg font-semibold">
        {chosen === null
          ? ""
          : right
            ? "Correct! (preview: no coins)"
            : `Incorrect. The correct answer was: ${question.answer}`}
      </p>
      {chosen !== null && question.explanation ? <p className="text-sm">{question.explanation}</p> : null}
    </section>
  );
}

/** Walks through the preview's draw; the score is counted here and sent nowhere. */
function PreviewRound({ preview }: { preview: Preview }) {
  const [answers, setAnswers] = useState<string[]>([]);
  const [index, setIndex] = useState(0);
  const question = preview.questions[index];
  const score = answers.filter((a, i) => a === preview.questions[i]?.answer).length;
  if (!question) return <p>This quiz has no questions yet.</p>;
  const chosen = answers[index] ?? null;
  const last = index === preview.questions.length - 1;
  return (
    <div className="grid gap-4">
      <p className="text-sm">{`${quizStateLabel[preview.quiz.state]} · score ${score} of ${answers.length}`}</p>
      <PreviewQuestionCard
        key={question.id}
        question={question}
        number={index + 1}
        total={preview.questions.length}
        chosen={chosen}
        onChoose={(option) => setAnswers((a) => [...a.slice(0, index), option])}
      />
      {chosen !== null && !last && (
        <Button className="justify-self-start" onClick={() => setIndex(index + 1)}>
          Next question
        </Button>
      )}
      {chosen !== null && last && (
        <p className="font-semibold">{`Preview over: ${score} of ${answers.length} right.`}</p>
      )}
    </div>
  );
}

/**
 * The editor's preview of a quiz in any state (docs/product.md, "Content operations"; ADR 115): a draw of up to 10
 * questions as a player would get, answered and graded in the browser. No round is stored and nothing is paid.
 */
export function QuizPreview({ quizId }: { quizId: string }) {
  const query = useQuizPreview(quizId);
  return (
    <QueryState query={query} what="the preview">
      {query.data && (
        <div className="grid gap-4">
          <p role="note" className="rounded-xl border-2 border-dashed p-3 font-semibold">
            {`Preview — nothing is paid. ${query.data.quiz.name}`}
          </p>
          <PreviewRound preview={query.data} />
        </div>
      )}
    </QueryState>
  );
}
