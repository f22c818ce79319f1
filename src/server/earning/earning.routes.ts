import { allowanceSchema } from "~/core/api/earning";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { getAllowance } from "./earning.service";

/**
 * GET /api/earning/allowance → Allowance: today's paid wins, quiz sessions and video watches, what is left,
 * the limits and when they reset (UTC midnight). Signed-in users only.
 */
export const createEarningRoutes = (deps: AppDeps) =>
  createRouter().get(
    "/allowance",
    responds(
      { 200: allowanceSchema },
      { summary: "Today's earning allowance: paid wins, quiz sessions and watches, what is left, the reset" },
    ),
    requireUser(deps),
    async (c) => c.json(await getAllowance(deps.db, c.var.user.id)),
  );
