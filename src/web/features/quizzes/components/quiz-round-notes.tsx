import type { QuizSessionView, RoundReviewItem } from "~/core/api/quizzes";

/**
 * What leaving mid-round does (docs/product.md, "Quizzes"): a paid round is kept and can be resumed until it
 * expires; a guest's or practice round is not kept.
 */
export function LeaveRoundNote({ session, signedIn }: { session: QuizSessionView; signedIn: boolean }) {
  const until = new Date(session.expiresAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const text =
    signedIn && !session.practice
      ? `Your round is saved: if you leave, resume it from Quizzes or the dashboard until ${until}.`
      : "Leaving this page ends this round.";
  return <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-muted-foreground">{text}</p>;
}

/**
 * The round's misses with their right answers, and every explanation the editor wrote, shown with the results
 * (never after each miss).
 */
export function RoundReview({ review }: { review: readonly RoundReviewItem[] }) {
  const shown = review.filter((r) => !r.correct || r.explanation);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="round-review" className="mx-auto mt-8 w-full max-w-xl">
      <h2 id="round-review" className="mb-3 text-lg font-bold">
        The right answers
      </h2>
      <ul className="flex flex-col gap-3">
        {shown.map((r) => (
          <li key={r.questionId} className="rounded-xl border px-4 py-3">
            <p className="font-semibold">{r.text}</p>
            <p className="text-sm">{`Your answer: ${r.chosen}${r.correct ? " (right)" : ""}`}</p>
            {r.correct ? null : (
              <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">{`Right answer: ${r.answer}`}</p>
            )}
            {r.explanation ? <p className="mt-1 text-sm text-muted-foreground">{r.explanation}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
