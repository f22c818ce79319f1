import { accountSessionsSchema, sessionIdParams, sessionsEndedSchema } from "~/core/api/account";
import type { AppDeps } from "../app-deps";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { params } from "../http/validate";
import { endOtherSessions, endSession, listSessions } from "./sessions.service";

/** /api/account/sessions*, mounted by account.routes.ts behind requireUser: the user's signed-in sessions. */
export const createAccountSessionRoutes = (deps: AppDeps) =>
  createRouter()
    .get(
      "/sessions",
      responds(
        { 200: accountSessionsSchema },
        {
          summary: "The user's signed-in sessions, with their devices; the request's own is marked",
          tag: "Account",
        },
      ),
      async (c) => c.json(await listSessions(deps, c.var.user!.id, c.req.raw.headers)),
    )
    .post(
      "/sessions/end-others",
      responds(
        { 200: sessionsEndedSchema },
        { summary: "End every session of the user but this one", tag: "Account" },
      ),
      async (c) => c.json(await endOtherSessions(deps, c.var.user!.id, c.req.raw.headers)),
    )
    .post(
      "/sessions/:id/end",
      responds(
        { 200: sessionsEndedSchema },
        {
          summary: "End one of the user's sessions",
          description: "Its next request is refused. Another user's session id → 404.",
          errors: ["NOT_FOUND"],
          tag: "Account",
        },
      ),
      params(sessionIdParams),
      async (c) => c.json(await endSession(deps, c.var.user!.id, c.req.valid("param").id)),
    );
