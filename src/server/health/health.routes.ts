import { sql } from "kysely";
import type { AppDeps } from "../app-deps";
import { createRouter } from "../http/router";

export const createHealthRoutes = ({ db }: AppDeps) =>
  createRouter().get("/", async (c) => {
    await sql`select 1`.execute(db);
    return c.json({ status: "ok" as const });
  });
