import { useEffect, useEffectEvent, useState } from "react";
import type { AnswerResult, QuizSessionView } from "~/core/api/quizzes";
import { QUIZ_AUTO_ADVANCE_MS } from "~/core/quiz/scoring";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { useBalance } from "~/web/lib/balance";
import { useEarning } from "~/web/lib/earning";
import { notify } from "~/web/lib/notify";
import { useSubmitAnswer } from "../api/submit-answer";
import { type QuestionFeedback, QuizQuestion } from "./quiz-question";

export interface QuizPlayProps {
  session: QuizSessionView;
  signedIn: boolean;
  /** Called 1500 ms after the last answer's feedback, with the server's final tally. */
  onComplete: (result: AnswerResult) => void;
  /** Called when the session can no longer be answered (expired or unknown). */
  onLost: () => void;
}

const firstUnanswered = (session: QuizSessionView) => {
  const done = new Set(session.given);
  const at = session.questions.findIndex((q) => !done.has(q.id));
  return at < 0 ? 0 : at;
};

interface Graded {
  feedback: QuestionFeedback;
  result: AnswerResult;
}

/**
 * Plays one session (docs/product.md): answer → the options lock and the feedback shows → 1500 ms later the next
 * question, or the results after the last. Grading and coins come from the server only.
 */
export function QuizPlay({ session, signedIn, onComplete, onLost }: QuizPlayProps) {
  // A resumed round goes on at its first question not yet answered, with its score so far.
  const [index, setIndex] = useState(() => firstUnanswered(session));
  const [graded, setGraded] = useState<Graded | null>(null);
  const [tally, setTally] = useState(() => ({
    score: session.score,
    answered: session.given.length,
  }));
  const submit = useSubmitAnswer();
  const { settle, fail } = useEarning();
  const { balance } = useBalance();
  const question = session.questions[index];

  const advance = useEffectEvent((result: AnswerResult) => {
    if (result.completed || index + 1 >= session.questions.length) onComplete(result);
    else {
      setIndex(index + 1);
      setGraded(null);
      submit.reset();
    }
  });

  useEffect(() => {
    if (!graded) return;
    const timer = setTimeout(() => advance(graded.result), QUIZ_AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [graded]);

  if (!question) return null;

  function choose(option: number) {
    if (!question || graded || submit.isPending) return;
    submit.mutate(
      { sessionId: session.sessionId, questionId: question.id, option },
      {
        onSuccess: (result) => {
          setTally({ score: result.score, answered: result.answered });
          setGraded({
            feedback: { option, correct: result.correct, correctAnswer: result.correctAnswer },
            result,
          });
          // The feedback under the question says what the answer paid: no notice per answer.
          if (result.earned) settle(result.earned, true);
        },
        onError: (error) => {
          if (signedIn) fail(error);
          else
            notify({
              title: "Error",
              description: error.message,
              variant: "destructive",
              reference: referenceOf(error),
            });
          if (error instanceof ApiError && error.status === 404) onLost();
        },
      },
    );
  }

  return (
    <QuizQuestion
      key={question.id}
      question={question}
      number={index + 1}
      total={session.total}
      answered={tally.answered}
      score={tally.score}
      totalCoins={signedIn ? balance : null}
      paid={signedIn && !session.practice}
      feedback={graded?.feedback ?? null}
      pendingOption={submit.isPending ? (submit.variables?.option ?? null) : null}
      onChoose={choose}
    />
  );
}
