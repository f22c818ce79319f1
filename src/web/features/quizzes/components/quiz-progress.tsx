import { progressPercent } from "~/core/quiz/scoring";

/** How many of the session's questions are answered, as a bar. */
export function QuizProgress({ answered, total }: { answered: number; total: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Quiz progress"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={answered}
      aria-valuetext={`${answered} of ${total} answered`}
      className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-brand transition-[width] duration-300 motion-reduce:transition-none"
        style={{ width: `${progressPercent(answered, total)}%` }}
      />
    </div>
  );
}
