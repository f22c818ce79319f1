import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContentQuizDetail } from "~/core/api/content";
import { api, call } from "~/web/lib/api";

export function getContentQuiz(quizId: string, signal?: AbortSignal): Promise<ContentQuizDetail> {
  return call(() => api.admin.quizzes[":quizId"].$get({ param: { quizId } }, { init: { signal } }));
}

export const contentQuizQueryOptions = (quizId: string) =>
  queryOptions({
    queryKey: ["content", "quizzes", quizId] as const,
    queryFn: ({ signal }) => getContentQuiz(quizId, signal),
    staleTime: 0,
  });

export function useContentQuiz(quizId: string) {
  return useQuery(contentQuizQueryOptions(quizId));
}
