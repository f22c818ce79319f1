import { type FormEvent, useId, useState } from "react";
import { type ContentQuiz, type QuizState, quizUpdateInput } from "~/core/api/content";
import { AppLink } from "~/web/components/ui/app-link";
import { Button } from "~/web/components/ui/button";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { adminPaths } from "~/web/config/admin-paths";
import { notify } from "~/web/lib/notify";
import { fromLocalInput, operatorZone, shownInZone, toLocalInput } from "~/web/lib/operator-time";
import { publishQuiz, retireQuiz } from "../api/change-quiz-state";
import { updateQuiz, useContentMutation } from "../api/update-content";

export const quizStateLabel: Record<QuizState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  live: "Live",
  retired: "Retired",
};

/** Publish at and retire at, typed in the operator's zone (`datetime-local`); empty is "at once" / "never". */
function ScheduleFields({ id, quiz, zone }: { id: string; quiz: ContentQuiz; zone: string }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-publish`}>{`Publish at (${zone}; empty: at once)`}</Label>
        <Input
          id={`${id}-publish`}
          name="publishAt"
          type="datetime-local"
          defaultValue={toLocalInput(quiz.publishAt)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-retire`}>{`Retire at (${zone}; empty: never)`}</Label>
        <Input
          id={`${id}-retire`}
          name="retireAt"
          type="datetime-local"
          defaultValue={toLocalInput(quiz.retireAt)}
        />
      </div>
    </div>
  );
}

/**
 * A quiz's state (docs/product.md, "Content operations"): draft → published → retired, with its publish at and
 * retire at typed and shown in the operator's time zone (stored in UTC). Publish and Retire take effect for
 * players on their next request; the server audits each change.
 */
export function QuizStatePanel({ quiz }: { quiz: ContentQuiz }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useContentMutation(async (run: () => Promise<unknown>) => run());
  const act = async (run: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await mutation.mutateAsync(run);
      notify({ title: done });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : "The change was refused.");
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = quizUpdateInput.safeParse({
      publishAt: fromLocalInput(String(form.get("publishAt") ?? "")),
      retireAt: fromLocalInput(String(form.get("retireAt") ?? "")),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the times.");
    void act(() => updateQuiz(quiz.id, parsed.data), "Schedule saved");
  };
  const zone = operatorZone();
  return (
    <form
      aria-label={`State of ${quiz.name}`}
      onSubmit={onSubmit}
      className="grid gap-3 rounded-xl border p-4"
    >
      <p className="text-sm">
        <strong>{quizStateLabel[quiz.state]}</strong>
        {` · publish ${shownInZone(quiz.publishAt)} · retire ${shownInZone(quiz.retireAt)} (${zone})`}
      </p>
      <ScheduleFields id={id} quiz={quiz} zone={zone} />
      <FieldError id={`${id}-problem`} message={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={mutation.isPending}>
          Save schedule
        </Button>
        {(quiz.state === "draft" || quiz.state === "retired") && (
          <Button
            type="button"
            disabled={mutation.isPending}
            onClick={() => void act(() => publishQuiz(quiz.id), "Quiz published")}
          >
            Publish
          </Button>
        )}
        {(quiz.state === "live" || quiz.state === "scheduled") && (
          <Button
            type="button"
            variant="outline"
            disabled={mutation.isPending}
            onClick={() => void act(() => retireQuiz(quiz.id), "Quiz retired")}
          >
            Retire
          </Button>
        )}
        <AppLink
          className="self-center underline underline-offset-2"
          to={adminPaths.contentPreview.getHref(quiz.id)}
        >
          Preview as a player
          <span className="sr-only">{`: ${quiz.name}`}</span>
        </AppLink>
      </div>
    </form>
  );
}
