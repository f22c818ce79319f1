import { queryOptions, useQuery } from "@tanstack/react-query";
import type { QuizPreview } from "~/core/api/content";
import { api, call } from "~/web/lib/api";

/** A preview draw (ADR 115): read once per visit, so answering does not redraw the questions. */
export function getQuizPreview(quizId: string, signal?: AbortSignal): Promise<QuizPreview> {
  return call(() => api.admin.quizzes[":quizId"].preview.$get({ param: { quizId } }, { init: { signal } }));
}

export const quizPreviewQueryOptions = (quizId: string) =>
  queryOptions({
    queryKey: ["content", "preview", quizId] as const,
    queryFn: ({ signal }) => getQuizPreview(quizId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export function useQuizPreview(quizId: string) {
  return useQuery(quizPreviewQueryOptions(quizId));
}
