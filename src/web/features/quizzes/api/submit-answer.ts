import { useMutation } from "@tanstack/react-query";
import type { AnswerResult } from "~/core/api/quizzes";
import { api, call } from "~/web/lib/api";

export interface SubmitAnswerInput {
  sessionId: string;
  questionId: string;
  /** Index of the chosen option in the order the session showed them. */
  option: number;
}

/** Sends one answer; the server grades it and, for a signed-in user, pays through the ledger. */
export function submitAnswer({ sessionId, questionId, option }: SubmitAnswerInput): Promise<AnswerResult> {
  return call(() =>
    api.quizzes.sessions[":sessionId"].answers.$post({ param: { sessionId }, json: { questionId, option } }),
  );
}

export function useSubmitAnswer() {
  return useMutation({ mutationFn: submitAnswer });
}
