import { api, call } from "~/web/lib/api";

/** Publish and Retire (ADR 115); the caller refreshes the content queries (useContentMutation). */
export const publishQuiz = (quizId: string) =>
  call(() => api.admin.quizzes[":quizId"].publish.$post({ param: { quizId } }));

export const retireQuiz = (quizId: string) =>
  call(() => api.admin.quizzes[":quizId"].retire.$post({ param: { quizId } }));
