import { CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import type { QuizId } from "~/core/api/quizzes";
import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { SectionCard } from "~/web/components/ui/section-card";
import { paths } from "~/web/config/paths";
import { useQuizzes } from "../api/get-quizzes";
import { useTodaysQuizzes } from "../api/get-todays-quizzes";
import { QuizIcon } from "./quiz-icon";

/**
 * Today's quizzes (docs/product.md, "Quizzes"): the day's featured quizzes, 'New' on each the player never played.
 * One row that scrolls sideways, as tall loading as loaded, so nothing below or around it moves when it arrives.
 */
export const TODAYS_QUIZZES = "Today's quizzes";

interface FeaturedQuiz {
  id: string;
  name: string;
  icon: string;
  isNew: boolean;
}

/** The featured quizzes with their names (from the list), or why there are none to show yet. */
function useFeatured(userId: string | null, enabled: boolean) {
  const today = useTodaysQuizzes(userId, enabled);
  const list = useQuizzes();
  if (today.isError || list.isError) return { state: "error" as const };
  if (!today.data || !list.data) return { state: "loading" as const };
  const byId = new Map(list.data.map((q) => [q.id, q]));
  const featured = today.data.quizzes.flatMap((f): FeaturedQuiz[] => {
    const quiz = byId.get(f.id);
    return quiz ? [{ id: f.id, name: quiz.name, icon: quiz.icon, isNew: f.new }] : [];
  });
  return { state: "ready" as const, featured };
}

const rowClass = "flex h-14 items-center gap-2 overflow-x-auto p-1 [scrollbar-width:none]";

/** The row: one item per featured quiz, or grey blocks while loading, or one line of text. */
function FeaturedRow({
  userId,
  enabled,
  item,
}: {
  userId: string | null;
  enabled: boolean;
  item: (quiz: FeaturedQuiz, content: ReactNode) => ReactNode;
}) {
  const result = useFeatured(userId, enabled);
  if (result.state === "loading")
    return (
      <div aria-hidden="true" className={rowClass}>
        {[0, 1, 2].map((i) => (
          <span key={i} className="h-12 w-44 shrink-0 animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
    );
  if (result.state === "error" || result.featured.length === 0)
    return (
      <p className={`${rowClass} text-muted-foreground`}>
        {result.state === "error" ? "Could not load today's quizzes." : "No quizzes today."}
      </p>
    );
  return (
    <ul aria-label={TODAYS_QUIZZES} className={rowClass}>
      {result.featured.map((quiz) => (
        <li key={quiz.id} className="shrink-0">
          {item(
            quiz,
            <>
              <QuizIcon name={quiz.icon} />
              {quiz.name}
              {quiz.isNew ? (
                <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-foreground">
                  New
                </span>
              ) : null}
            </>,
          )}
        </li>
      ))}
    </ul>
  );
}

/** On /quizzes, above the full list: each featured quiz starts its round, as its card's button does. */
export function TodaysQuizzes({
  userId,
  sessionKnown,
  onChoose,
  startingQuizId,
}: {
  userId: string | null;
  /** The session has been checked: a player's first request is not a guest's. */
  sessionKnown: boolean;
  onChoose: (quizId: QuizId) => void;
  startingQuizId: QuizId | null;
}) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CalendarDays aria-hidden="true" className="size-5 text-brand" />
        {TODAYS_QUIZZES}
      </h2>
      <FeaturedRow
        userId={userId}
        enabled={sessionKnown}
        item={(quiz, content) => (
          <button
            type="button"
            className={buttonVariants({ variant: "outline", size: "lg" })}
            disabled={startingQuizId !== null}
            onClick={() => onChoose(quiz.id)}
          >
            {content}
          </button>
        )}
      />
    </div>
  );
}

/** On the dashboard: the featured quizzes, each a link to /quizzes. */
export function TodaysQuizzesCard({ userId }: { userId: string | null }) {
  return (
    <SectionCard icon={CalendarDays} title={TODAYS_QUIZZES}>
      <FeaturedRow
        userId={userId}
        enabled={userId !== null}
        item={(_quiz, content) => (
          <AppLink
            to={paths.quizzes.getHref()}
            className={buttonVariants({ variant: "outline", size: "lg" })}
          >
            {content}
          </AppLink>
        )}
      />
    </SectionCard>
  );
}
