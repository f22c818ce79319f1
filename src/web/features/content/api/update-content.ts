import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { QuestionInput, QuizCreateInput, QuizUpdateInput } from "~/core/api/content";
import { api, call } from "~/web/lib/api";

/** The content console's writes; each refreshes every content query (["content"]) when it succeeds. */
export const createQuiz = (json: QuizCreateInput) => call(() => api.admin.quizzes.$post({ json }));

export const addQuestion = (quizId: string, json: QuestionInput) =>
  call(() => api.admin.quizzes[":quizId"].questions.$post({ param: { quizId }, json }));

export const removeQuestion = (quizId: string, questionId: string) =>
  call(() =>
    api.admin.quizzes[":quizId"].questions[":questionId"].$delete({ param: { quizId, questionId } }),
  );

export const updateQuiz = (quizId: string, json: QuizUpdateInput) =>
  call(() => api.admin.quizzes[":quizId"].$patch({ param: { quizId }, json }));

export const updateQuestion = (quizId: string, questionId: string, json: QuestionInput) =>
  call(() =>
    api.admin.quizzes[":quizId"].questions[":questionId"].$put({ param: { quizId, questionId }, json }),
  );

export function useContentMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["content"] }),
  });
}
