import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";
import { documented } from "../http/route-docs";
import type { AppBindings, SessionUser } from "../http/router";
import { earningUser } from "./earner";
import type { SessionReader } from "./session-reader";

export { isBanned } from "./ban-state";

type UserBindings = AppBindings & { Variables: { user: SessionUser } };

/** 401 UNAUTHORIZED unless signed in; then `c.var.user` is set. */
export const requireUser = ({ sessions }: { sessions: SessionReader }) =>
  documented(
    createMiddleware<UserBindings>(async (c, next) => {
      const user = await sessions.user(c.req.raw.headers);
      if (!user) throw new AppError("UNAUTHORIZED");
      c.set("user", user);
      await next();
    }),
    { kind: "session", guard: "user" },
  );

/**
 * For routes that pay coins: 401 LOGIN_REQUIRED ('You need to be logged in to earn coins.') unless
 * signed in, 403 EMAIL_NOT_VERIFIED unless the address is confirmed; then `c.var.user` is set.
 */
export const requireEarner = ({ sessions }: { sessions: SessionReader }) =>
  documented(
    createMiddleware<UserBindings>(async (c, next) => {
      c.set("user", await earningUser(sessions, c.req.raw.headers));
      await next();
    }),
    { kind: "session", guard: "earner" },
  );

/**
 * requireEarner's guard where the handler's own statement checks the session (asEarner, auth/earner.ts): the
 * same answers and the same documentation, no statement of its own before the handler.
 */
export const earnerInHandler = () =>
  documented(
    createMiddleware<AppBindings>((_c, next) => next()),
    { kind: "session", guard: "earner" },
  );
