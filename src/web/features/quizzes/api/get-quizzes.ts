import { queryOptions, useQuery } from "@tanstack/react-query";
import type { QuizSummary } from "~/core/api/quizzes";
import { api, call } from "~/web/lib/api";

export async function getQuizzes(signal?: AbortSignal): Promise<QuizSummary[]> {
  return (await call(() => api.quizzes.$get(undefined, { init: { signal } }))).quizzes;
}

/** A request sent before the page hydrates (routes/quizzes.tsx): it answers the query's next fetch. */
let early: Promise<QuizSummary[]> | null = null;

/**
 * Sends the list's request now, in the caller's task. The query takes its answer when it first fetches, after
 * the hydration (the cache stays empty until then, so the hydration renders the prerendered spinner).
 */
export function startQuizzesRequest(): void {
  early ??= getQuizzes();
  early.catch(() => {}); // a failure reaches the query that takes it
}

export const quizzesQueryOptions = () =>
  queryOptions({
    queryKey: ["quizzes"] as const,
    // `signal` is read only when this fetch sends its own request: reading it makes TanStack Query treat the
    // fetch as cancellable and drop the early answer when the page unmounts mid-request (StrictMode does).
    queryFn: (context) => {
      const pending = early;
      early = null;
      return pending ?? getQuizzes(context.signal);
    },
    // The list is fixed content: fetch it once per visit.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useQuizzes() {
  return useQuery(quizzesQueryOptions());
}
