import { useMutation } from "@tanstack/react-query";
import type { QuizId, QuizSessionView } from "~/core/api/quizzes";
import { api, call } from "~/web/lib/api";

/** Starts a server-graded session: the questions in random order, options shuffled, no answers. */
export function startQuizSession(quizId: QuizId): Promise<QuizSessionView> {
  return call(() => api.quizzes[":quizId"].sessions.$post({ param: { quizId } }));
}

export function useStartQuizSession() {
  return useMutation({ mutationFn: startQuizSession });
}
