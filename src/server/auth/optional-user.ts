import { createMiddleware } from "hono/factory";
import type { AppDeps } from "../app-deps";
import { documented } from "../http/route-docs";
import type { AppBindings } from "../http/router";

/**
 * For routes open to guests: sets `c.var.user` when the request carries a valid session, and lets the
 * request through either way (quizzes grade guests the same, but pay only signed-in users).
 */
export const optionalUser = ({ sessions }: Pick<AppDeps, "sessions">) =>
  documented(
    createMiddleware<AppBindings>(async (c, next) => {
      const user = await sessions.user(c.req.raw.headers);
      if (user) c.set("user", user);
      await next();
    }),
    { kind: "session", guard: "optional" },
  );
