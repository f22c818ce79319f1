import { useState } from "react";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { useContentQuiz } from "../api/get-content-quiz";
import { useContentQuizzes } from "../api/get-content-quizzes";
import { quizExportUrl } from "../api/import-quiz";
import { AddQuestionForm, NewQuizForm } from "./quiz-authoring-forms";
import { QuestionForm, QuizDetailsForm } from "./quiz-forms";
import { QuizStatePanel, quizStateLabel } from "./quiz-state-panel";

/** A quiz's details and questions, each saved on its own; players see a saved change at once. */
function QuizEditor({ quizId }: { quizId: string }) {
  const query = useContentQuiz(quizId);
  return (
    <QueryState query={query} what="the quiz">
      {query.data && (
        <div className="grid gap-4">
          <QuizStatePanel
            key={`${quizId}-${query.data.quiz.state}-${query.data.quiz.publishAt}-${query.data.quiz.retireAt}`}
            quiz={query.data.quiz}
          />
          <QuizDetailsForm key={`${quizId}-details`} quiz={query.data.quiz} />
          <h2 className="text-lg font-semibold">{`Questions (${query.data.questions.length})`}</h2>
          {query.data.questions.map((question, index) => (
            <QuestionForm key={question.id} quizId={quizId} question={question} index={index} />
          ))}
          <AddQuestionForm quizId={quizId} />
        </div>
      )}
    </QueryState>
  );
}

/**
 * The content console (docs/product.md, "Content operations"): every quiz; choose one to edit its details and
 * questions. Content editors and administrators only (the server checks on every request).
 */
export function ContentConsole() {
  const quizzes = useContentQuizzes();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <QueryState query={quizzes} what="the quizzes">
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <div className="flex flex-col gap-2">
          <Button variant="outline" aria-pressed={chosen === null} onClick={() => setChosen(null)}>
            New quiz
          </Button>
          <ul aria-label="Quizzes" className="flex flex-col gap-1">
            {(quizzes.data ?? []).map((quiz) => (
              <li key={quiz.id}>
                <Button
                  variant={chosen === quiz.id ? "default" : "outline"}
                  className="w-full justify-between"
                  aria-pressed={chosen === quiz.id}
                  onClick={() => setChosen(quiz.id)}
                >
                  <span>{quiz.name}</span>
                  <span className="text-xs">{`${quiz.questionCount} questions · ${quizStateLabel[quiz.state]}`}</span>
                </Button>
                <p className="mt-1 flex gap-3 px-1 text-sm">
                  <a className="underline underline-offset-2" href={quizExportUrl(quiz.id, "csv")} download>
                    Export CSV
                    <span className="sr-only">{` of ${quiz.name}`}</span>
                  </a>
                  <a className="underline underline-offset-2" href={quizExportUrl(quiz.id, "json")} download>
                    Export JSON
                    <span className="sr-only">{` of ${quiz.name}`}</span>
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </div>
        {chosen ? (
          <QuizEditor quizId={chosen} />
        ) : (
          <div className="grid gap-4">
            <p className="text-muted-foreground">Choose a quiz to edit, or write a new one.</p>
            <NewQuizForm onCreated={setChosen} />
          </div>
        )}
      </div>
    </QueryState>
  );
}
