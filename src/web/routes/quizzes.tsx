import { BookOpenCheck } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import type { AnswerResult, QuizId, QuizSessionView } from "~/core/api/quizzes";
import { Page } from "~/web/components/layout/page";
import { useAllowance } from "~/web/features/earning/api/get-allowance";
import { TodayPanel } from "~/web/features/earning/components/today-panel";
import { startQuizzesRequest } from "~/web/features/quizzes/api/get-quizzes";
import { useStartQuizSession } from "~/web/features/quizzes/api/start-quiz-session";
import { QuizChooser } from "~/web/features/quizzes/components/quiz-chooser";
import { QuizResults } from "~/web/features/quizzes/components/quiz-results";
import { LeaveRoundNote, RoundReview } from "~/web/features/quizzes/components/quiz-round-notes";
import { TodaysQuizzes } from "~/web/features/quizzes/components/todays-quizzes";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { useSession } from "~/web/lib/session";

// The question view is not needed to show and hydrate the chooser: it loads when a quiz is chosen, alongside
// the request that starts its session (docs/decisions/044-short-main-thread-tasks.md).
const loadPlay = () => import("~/web/features/quizzes/components/quiz-play");
const QuizPlay = lazy(() => loadPlay().then((m) => ({ default: m.QuizPlay })));

// The list's request starts when this module runs, in a task of its own before the page hydrates
// (app/page-loaders.ts waits two tasks), not among the effects of the hydration's commit
// (docs/decisions/044-short-main-thread-tasks.md).
if (typeof window !== "undefined") setTimeout(startQuizzesRequest, 0);

/** /quizzes: chooser → question view → 'Quiz Results' → chooser (docs/product.md). */
export function QuizzesRoute() {
  // Following the nav link to /quizzes again starts over at the chooser.
  const { key } = useLocation();
  return <Quizzes key={key} />;
}

function Quizzes() {
  const [session, setSession] = useState<QuizSessionView | null>(null);
  const [result, setResult] = useState<AnswerResult | null>(null);
  const start = useStartQuizSession();
  const starting = start.isPending ? (start.variables ?? null) : null;
  const { status, user } = useSession();
  const signedIn = status === "signed-in";
  const allowance = useAllowance(user?.id ?? null);
  const quizAllowance = allowance.data?.quizzes ?? [];
  // A paid round left unfinished is resumed, not practice.
  const practiceQuizIds = quizAllowance.filter((q) => q.left === 0 && !q.round).map((q) => q.quizId);
  const rounds = new Map(quizAllowance.flatMap((q) => (q.round ? [[q.quizId, q.round] as const] : [])));
  const today = <TodayPanel userId={user?.id ?? null} />;

  function choose(quizId: QuizId) {
    loadPlay().catch(() => {}); // a failed fetch surfaces when the question view renders
    start.mutate(quizId, {
      onSuccess: (next) => {
        // A new session: the score starts again at 0.
        setResult(null);
        setSession(next);
        window.scrollTo({ top: 0 });
      },
      onError: (error) =>
        notify({
          title: "Error",
          description: error.message,
          variant: "destructive",
          reference: referenceOf(error),
        }),
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
          practice={session.practice}
          terms={{ perCorrect: session.quiz.reward, bonus: session.quiz.completionBonus }}
          onRestart={backToChooser}
        />
        {result.review ? <RoundReview review={result.review} /> : null}
        <div className="mt-8">{today}</div>
      </Page>
    );

  if (session)
    return (
      <Page title={session.quiz.name}>
        {session.practice ? (
          <p
            role="note"
            className="mx-auto mb-6 max-w-2xl rounded-xl border bg-muted px-4 py-3 text-center font-medium"
          >
            Practice round: this quiz already paid today, so this session earns no coins.
          </p>
        ) : null}
        <Suspense fallback={null}>
          <QuizPlay
            key={session.sessionId}
            session={session}
            signedIn={signedIn}
            onComplete={setResult}
            onLost={backToChooser}
          />
        </Suspense>
        <LeaveRoundNote session={session} signedIn={signedIn} />
      </Page>
    );

  return (
    <Page
      title="Quizzes"
      icon={BookOpenCheck}
      description="Choose a quiz and earn 10 coins for every correct answer, plus a 10-coin bonus for finishing."
    >
      <div className="flex flex-col gap-8">
        <TodaysQuizzes
          userId={user?.id ?? null}
          sessionKnown={status !== "loading"}
          onChoose={choose}
          startingQuizId={starting}
        />
        <QuizChooser
          onChoose={choose}
          startingQuizId={starting}
          practiceQuizIds={practiceQuizIds}
          rounds={rounds}
        />
        {today}
      </div>
    </Page>
  );
}
