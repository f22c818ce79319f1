import type { ContentQuiz } from "~/core/api/content";
import { quizImportResponse } from "~/core/api/quiz-import";
import { apiCall } from "~/web/lib/api-client";

/** POST /api/admin/quizzes/import: the console's form as it is (a name and a CSV or JSON file). */
export async function importQuiz(form: FormData): Promise<ContentQuiz> {
  return (await apiCall("/api/admin/quizzes/import", quizImportResponse, { method: "POST", body: form }))
    .quiz;
}

/** Where a quiz's questions download from (GET, the session's cookie): CSV or JSON. */
export const quizExportUrl = (quizId: string, format: "csv" | "json") =>
  `/api/admin/quizzes/${encodeURIComponent(quizId)}/export?format=${format}`;
