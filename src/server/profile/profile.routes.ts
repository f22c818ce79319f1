import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { AppError } from "../errors";
import { createRouter } from "../http/router";
import { findProfile } from "./profiles";

/** GET /api/me: the signed-in user and their profile. */
export const createProfileRoutes = (deps: AppDeps) =>
  createRouter().get("/", requireUser(deps), async (c) => {
    const { id, email } = c.var.user;
    const profile = await findProfile(deps.db, id);
    if (!profile) throw new AppError("NOT_FOUND", "No profile exists for this user.");
    return c.json({ user: { id, email }, profile });
  });
