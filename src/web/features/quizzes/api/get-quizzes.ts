import { queryOptions, useQuery } from "@tanstack/react-query";
import type { QuizSummary } from "~/core/quiz/api";
import { api, call } from "~/web/lib/api";

export async function getQuizzes(signal?: AbortSignal): Promise<QuizSummary[]> {
  return (await call(() => api.quizzes.$get(undefined, { init: { signal } }))).quizzes;
}

export const quizzesQueryOptions = () =>
  queryOptions({
    queryKey: ["quizzes"] as const,
    queryFn: ({ signal }) => getQuizzes(signal),
    // The list is fixed content: fetch it once per visit.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useQuizzes() {
  return useQuery(quizzesQueryOptions());
}
