import { contentQuizDetailSchema, contentQuizParam, quizPreviewSchema } from "~/core/api/content";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireContentEditor } from "../auth/require-admin";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { params } from "../http/validate";
import { previewQuiz, publishQuiz, retireQuiz } from "./quiz-states.service";

/**
 * /api/admin/quizzes/:quizId/{preview,publish,retire}: a quiz's states in the content console (docs/product.md,
 * "Content operations"; ADR 115). Content editors and administrators only; Publish and Retire are rate-limited per
 * person, as every content change, and audited in their own transaction.
 */
export const createQuizStatesRoutes = (deps: AppDeps) => {
  const editor = requireContentEditor(deps);
  const limited = rateLimit(deps.rateLimitStore, (c) => [
    { key: `content:${c.var.user?.id}`, limit: deps.env.adminRateLimit },
  ]);
  return createRouter()
    .get(
      "/quizzes/:quizId/preview",
      responds(
        { 200: quizPreviewSchema },
        {
          summary: "Preview a quiz as a player: up to 10 questions drawn at random, with their answers",
          description:
            "Any state (draft, scheduled, live, retired). The browser grades; nothing is stored, nothing is paid.",
        },
      ),
      params(contentQuizParam),
      editor,
      async (c) => c.json(await previewQuiz(deps.db, c.req.valid("param").quizId)),
    )
    .post(
      "/quizzes/:quizId/publish",
      responds(
        { 200: contentQuizDetailSchema },
        {
          summary: "Publish a quiz: players see it from its publish at (or at once)",
          description: "A retire at already passed is cleared. Audited: status before → after.",
        },
      ),
      params(contentQuizParam),
      editor,
      limited,
      async (c) => c.json(await publishQuiz(deps.db, actingAdmin(c.var), c.req.valid("param").quizId)),
    )
    .post(
      "/quizzes/:quizId/retire",
      responds(
        { 200: contentQuizDetailSchema },
        {
          summary: "Retire a quiz: gone from players' lists, no new round; history keeps its name",
          description: "Audited: status before → after.",
        },
      ),
      params(contentQuizParam),
      editor,
      limited,
      async (c) => c.json(await retireQuiz(deps.db, actingAdmin(c.var), c.req.valid("param").quizId)),
    );
};
