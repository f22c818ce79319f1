import { BookOpenCheck } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import type { AnswerResult, QuizId, QuizSessionView } from "~/core/quiz/api";
import { Page } from "~/web/components/layout/page";
import { useStartQuizSession } from "~/web/features/quizzes/api/start-quiz-session";
import { QuizChooser } from "~/web/features/quizzes/components/quiz-chooser";
import { QuizPlay } from "~/web/features/quizzes/components/quiz-play";
import { QuizResults } from "~/web/features/quizzes/components/quiz-results";
import { notify } from "~/web/lib/notify";
import { useSession } from "~/web/lib/session";

/** /quizzes: chooser → question view → 'Quiz Results' → chooser (SPEC §2, §4). */
export function QuizzesRoute() {
  // Following the nav link to /quizzes again starts over at the chooser.
  const { key } = useLocation();
  return <Quizzes key={key} />;
}

function Quizzes() {
  const [session, setSession] = useState<QuizSessionView | null>(null);
  const [result, setResult] = useState<AnswerResult | null>(null);
  const start = useStartQuizSession();
  const { status } = useSession();
  const signedIn = status === "signed-in";

  function choose(quizId: QuizId) {
    start.mutate(quizId, {
      onSuccess: (next) => {
        // A new session: the score starts again at 0.
        setResult(null);
        setSession(next);
        window.scrollTo({ top: 0 });
      },
      onError: (error) => notify({ title: "Error", description: error.message, variant: "destructive" }),
    });
  }

  function backToChooser() {
    setSession(null);
    setResult(null);
    start.reset();
  }

  if (session && result)
    return (
      <Page title="Quiz Results">
        <QuizResults
          quizName={session.quiz.name}
          score={result.score}
          total={result.total}
          coins={signedIn ? result.sessionCoins : null}
          onRestart={backToChooser}
        />
      </Page>
    );

  if (session)
    return (
      <Page title={session.quiz.name}>
        <QuizPlay
          key={session.sessionId}
          session={session}
          signedIn={signedIn}
          onComplete={setResult}
          onLost={backToChooser}
        />
      </Page>
    );

  return (
    <Page
      title="Quizzes"
      icon={BookOpenCheck}
      description="Choose a quiz and earn 10 coins for every correct answer, plus a 10-coin bonus for finishing."
    >
      <QuizChooser onChoose={choose} startingQuizId={start.isPending ? (start.variables ?? null) : null} />
    </Page>
  );
}
