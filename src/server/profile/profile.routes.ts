import { type MeResponse, meResponseSchema } from "~/core/api/account";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { AppError } from "../errors";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { findProfile } from "./profile.service";

/** GET /api/me: the signed-in user and their profile. */
export const createProfileRoutes = (deps: AppDeps) =>
  createRouter().get(
    "/",
    responds(
      { 200: meResponseSchema },
      { summary: "The signed-in user and their profile", errors: ["NOT_FOUND"], tag: "Profile" },
    ),
    requireUser(deps),
    async (c) => {
      const { id, email } = c.var.user;
      const profile = await findProfile(deps.db, id);
      if (!profile) throw new AppError("NOT_FOUND", "No profile exists for this user.");
      return c.json({ user: { id, email }, profile } satisfies MeResponse);
    },
  );
