import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContentQuiz } from "~/core/api/content";
import { api, call } from "~/web/lib/api";

export async function getContentQuizzes(signal?: AbortSignal): Promise<ContentQuiz[]> {
  return (await call(() => api.admin.quizzes.$get(undefined, { init: { signal } }))).quizzes;
}

export const contentQuizzesQueryOptions = () =>
  queryOptions({
    queryKey: ["content", "quizzes"] as const,
    queryFn: ({ signal }) => getContentQuizzes(signal),
    staleTime: 0,
  });

export function useContentQuizzes() {
  return useQuery(contentQuizzesQueryOptions());
}
