import { sql } from "kysely";
import { healthResponseSchema } from "~/core/api/account";
import type { AppDeps } from "../app-deps";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";

export const createHealthRoutes = ({ db }: AppDeps) =>
  createRouter().get(
    "/",
    responds({ 200: healthResponseSchema }, { summary: "Liveness and database check" }),
    async (c) => {
      await sql`select 1`.execute(db);
      return c.json({ status: "ok" as const });
    },
  );
