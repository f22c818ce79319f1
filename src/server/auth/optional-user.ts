import { createMiddleware } from "hono/factory";
import { documented } from "../http/route-docs";
import type { AppBindings } from "../http/router";
import { type SessionDeps, sessionUser } from "./require-user";

/**
 * For routes open to guests: sets `c.var.user` when the request carries a valid session, and lets the
 * request through either way (quizzes grade guests the same, but pay only signed-in users).
 */
export const optionalUser = (deps: SessionDeps) =>
  documented(
    createMiddleware<AppBindings>(async (c, next) => {
      const user = await sessionUser(deps, c.req.raw.headers);
      if (user) c.set("user", user);
      await next();
    }),
    { kind: "session", guard: "optional" },
  );
