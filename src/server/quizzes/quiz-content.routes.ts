import {
  contentQuestionParam,
  contentQuizDetailSchema,
  contentQuizListSchema,
  contentQuizParam,
  questionInput,
  quizUpdateInput,
} from "~/core/api/content";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireContentEditor } from "../auth/require-admin";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import {
  getContentQuiz,
  listContentQuizzes,
  updateContentQuestion,
  updateContentQuiz,
} from "./quiz-content.service";

/**
 * /api/admin/quizzes…: the content console (docs/product.md, "Content operations"). Content editors and
 * administrators only (requireContentEditor on every route: an editor reaches nothing else under /api/admin);
 * every change is rate-limited per person and audited in its own transaction.
 */
export const createQuizContentRoutes = (deps: AppDeps) => {
  const editor = requireContentEditor(deps);
  const limited = rateLimit(deps.rateLimitStore, (c) => [
    { key: `content:${c.var.user?.id}`, limit: deps.env.adminRateLimit },
  ]);
  return createRouter()
    .get(
      "/quizzes",
      responds({ 200: contentQuizListSchema }, { summary: "Every quiz, for the content console" }),
      editor,
      async (c) => c.json({ quizzes: await listContentQuizzes(deps.db) }),
    )
    .get(
      "/quizzes/:quizId",
      responds(
        { 200: contentQuizDetailSchema },
        { summary: "A quiz with its questions and their answers (content console)" },
      ),
      params(contentQuizParam),
      editor,
      async (c) => c.json(await getContentQuiz(deps.db, c.req.valid("param").quizId)),
    )
    .patch(
      "/quizzes/:quizId",
      responds(
        { 200: contentQuizDetailSchema },
        {
          summary: "Edit a quiz's name, description, icon, category, reward or schedule",
          description: "Players see the change on their next request. Audited: before → after.",
        },
      ),
      params(contentQuizParam),
      editor,
      limited,
      jsonBody(quizUpdateInput),
      async (c) =>
        c.json(
          await updateContentQuiz(
            deps.db,
            actingAdmin(c.var),
            c.req.valid("param").quizId,
            c.req.valid("json"),
          ),
        ),
    )
    .put(
      "/quizzes/:quizId/questions/:questionId",
      responds(
        { 200: contentQuizDetailSchema },
        {
          summary: "Rewrite a question: its text, 2–6 options, the answer (one of them) and its explanation",
          description: "Audited: before → after.",
        },
      ),
      params(contentQuestionParam),
      editor,
      limited,
      jsonBody(questionInput),
      async (c) =>
        c.json(
          await updateContentQuestion(deps.db, actingAdmin(c.var), c.req.valid("param"), c.req.valid("json")),
        ),
    );
};
