import {
  contentQuestionParam,
  contentQuizDetailSchema,
  contentQuizParam,
  questionInput,
  quizCreateInput,
} from "~/core/api/content";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireContentEditor } from "../auth/require-admin";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import { addQuestion, createQuiz, removeQuestion } from "./quiz-authoring.service";

/**
 * /api/admin/quizzes…: writing a quiz in the content console (docs/product.md, "Content operations"): a new draft,
 * and questions added and removed one by one. Content editors and administrators only; rate-limited per person
 * (the console's one limit) and audited in the transaction of each change.
 */
export const createQuizAuthoringRoutes = (deps: AppDeps) => {
  const editor = requireContentEditor(deps);
  const limited = rateLimit(deps.rateLimitStore, (c) => [
    { key: `content:${c.var.user?.id}`, limit: deps.env.adminRateLimit },
  ]);
  return createRouter()
    .post(
      "/quizzes",
      responds(
        { 201: contentQuizDetailSchema },
        {
          summary: "Create a quiz: a draft with no questions",
          description:
            "Name, description, category, icon (default book-open), coins per correct answer (1–10, default 10) and completion bonus (0–10, default 10). Questions are then added one by one (or the quiz comes from an import); it is published with at least 10. Audited.",
          errors: ["QUIZ_NAME_TAKEN", "VALIDATION_FAILED"],
        },
      ),
      editor,
      limited,
      jsonBody(quizCreateInput),
      async (c) => c.json(await createQuiz(deps.db, actingAdmin(c.var), c.req.valid("json")), 201),
    )
    .post(
      "/quizzes/:quizId/questions",
      responds(
        { 201: contentQuizDetailSchema },
        {
          summary:
            "Add a question to the quiz's pool: its text, 2–6 options, the answer and an optional explanation",
          description: "Makes a new version: the next round draws from it. Audited.",
        },
      ),
      params(contentQuizParam),
      editor,
      limited,
      jsonBody(questionInput),
      async (c) =>
        c.json(
          await addQuestion(deps.db, actingAdmin(c.var), c.req.valid("param").quizId, c.req.valid("json")),
          201,
        ),
    )
    .delete(
      "/quizzes/:quizId/questions/:questionId",
      responds(
        { 200: contentQuizDetailSchema },
        {
          summary: "Remove a question from the quiz's pool",
          description:
            "Rounds that drew it keep it; the next round does not. A published quiz keeps at least 10 questions (409). Audited.",
          errors: ["CONFLICT"],
        },
      ),
      params(contentQuestionParam),
      editor,
      limited,
      async (c) => c.json(await removeQuestion(deps.db, actingAdmin(c.var), c.req.valid("param"))),
    );
};
