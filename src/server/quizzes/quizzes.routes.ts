import { z } from "zod";
import {
  answerInputSchema,
  answerResultSchema,
  quizIdSchema,
  quizListResponseSchema,
  quizSessionViewSchema,
  todaysQuizzesResponseSchema,
} from "~/core/api/quizzes";
import type { AppDeps } from "../app-deps";
import { optionalUser } from "../auth/optional-user";
import { clientIp } from "../http/client-ip";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter, type SessionUser } from "../http/router";
import { jsonBody, params } from "../http/validate";
import { withStreakBonus } from "../streaks/streaks.service";
import { answerQuestion } from "./quiz-answers";
import { listQuizzes, startSession } from "./quizzes.service";
import { todaysQuizzes } from "./todays-quizzes";

/** Who plays: a signed-in user with a confirmed address earns; anyone else plays as a guest (ADR 006). */
const playerId = (user: SessionUser | undefined) => (user?.emailVerified ? user.id : null);

/**
 * GET  /api/quizzes                               → { quizzes: QuizSummary[] }
 * GET  /api/quizzes/today                         → { day, quizzes: [{ id, new }] } (Today's quizzes)
 * POST /api/quizzes/:quizId/sessions              → 201 QuizSessionView (no answers; 429 past the guest limit)
 * POST /api/quizzes/sessions/:sessionId/answers   { questionId, option } → AnswerResult
 */
export const createQuizzesRoutes = (deps: AppDeps) =>
  createRouter()
    .get("/", responds({ 200: quizListResponseSchema }, { summary: "The quizzes" }), async (c) =>
      c.json({ quizzes: await listQuizzes(deps.db) }),
    )
    .get(
      "/today",
      responds(
        { 200: todaysQuizzesResponseSchema },
        { summary: "Today's featured quizzes (new: never played by this player)" },
      ),
      optionalUser(deps),
      async (c) =>
        c.json(
          await todaysQuizzes(deps.db, {
            userId: playerId(c.var.user),
            perDay: deps.env.quizzesFeaturedPerDay,
          }),
        ),
    )
    .post(
      "/:quizId/sessions",
      responds(
        { 201: quizSessionViewSchema },
        { summary: "Start a quiz session (guests play too; earners are paid)" },
      ),
      params(z.object({ quizId: quizIdSchema })),
      optionalUser(deps),
      // Guests earn nothing, but each session teaches answers: a few sessions per address per hour.
      rateLimit(deps.rateLimitStore, (c) =>
        playerId(c.var.user)
          ? []
          : [
              {
                key: `quiz-guest:ip:${clientIp(c, deps.env.trustProxy)}`,
                limit: deps.env.guestQuizSessionsPerHour,
                windowMs: 60 * 60 * 1000,
              },
            ],
      ),
      async (c) => {
        const { quizId } = c.req.valid("param");
        const session = await startSession(deps.db, { quizId, userId: playerId(c.var.user) });
        return c.json(session, 201);
      },
    )
    .post(
      "/sessions/:sessionId/answers",
      responds(
        { 200: answerResultSchema },
        { summary: "Answer a question of a session", errors: ["CONFLICT"] },
      ),
      params(z.object({ sessionId: z.uuid() })),
      jsonBody(answerInputSchema),
      optionalUser(deps),
      async (c) => {
        const { sessionId } = c.req.valid("param");
        const { questionId, option } = c.req.valid("json");
        const result = await answerQuestion(deps.db, {
          sessionId,
          userId: playerId(c.var.user),
          questionId,
          option,
          sessionToken: (await deps.sessions.earningToken(c.req.raw.headers))?.token ?? null,
        });
        const user = c.var.user;
        return c.json(user ? await withStreakBonus(deps.db, user.id, result, deps.env.streakRules) : result);
      },
    );
