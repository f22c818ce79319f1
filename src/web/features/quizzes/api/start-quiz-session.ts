import { useMutation } from "@tanstack/react-query";
import type { QuizId, QuizSessionView } from "~/core/quiz/api";
import { apiFetch } from "~/web/lib/api-client";

/** Starts a server-graded session: the questions in random order, options shuffled, no answers. */
export function startQuizSession(quizId: QuizId): Promise<QuizSessionView> {
  return apiFetch<QuizSessionView>(`/api/quizzes/${encodeURIComponent(quizId)}/sessions`, {
    method: "POST",
    body: {},
  });
}

export function useStartQuizSession() {
  return useMutation({ mutationFn: startQuizSession });
}
