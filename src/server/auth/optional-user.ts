import { createMiddleware } from "hono/factory";
import type { AppDeps } from "../app-deps";
import { documented } from "../http/route-docs";
import type { AppBindings } from "../http/router";
import { sessionUser } from "./require-user";

/**
 * For routes open to guests: sets `c.var.user` when the request carries a valid session, and lets the
 * request through either way (quizzes grade guests the same, but pay only signed-in users).
 */
export const optionalUser = ({ auth }: Pick<AppDeps, "auth">) =>
  documented(
    createMiddleware<AppBindings>(async (c, next) => {
      const user = await sessionUser(auth, c.req.raw.headers);
      if (user) c.set("user", user);
      await next();
    }),
    { kind: "session", guard: "optional" },
  );
