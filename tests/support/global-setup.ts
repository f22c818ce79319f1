import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { dropPostgresDatabases, makePGliteGolden, makePostgresGolden } from "./database-setup";

declare module "vitest" {
  export interface ProvidedContext {
    dbKind: "pglite" | "postgres";
    pgliteGolden: string;
    postgresGolden: string;
    postgresUrl: string;
    runId: string;
  }
}

/** Runs once per project: migrate a golden database that every test file copies. */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  project.provide("dbKind", kind);
  project.provide("runId", runId);
  if (kind === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL");
    project.provide("postgresUrl", url);
    project.provide("postgresGolden", await makePostgresGolden(url, runId));
    project.provide("pgliteGolden", "");
    return async () => {
      await dropPostgresDatabases(url, `ple_t_${runId}_`);
      await dropPostgresDatabases(url, `ple_golden_${runId}`);
    };
  }
  const file = await makePGliteGolden(runId);
  project.provide("pgliteGolden", file);
  project.provide("postgresGolden", "");
  project.provide("postgresUrl", "");
  return async () => {
    await rm(file, { force: true });
  };
}
