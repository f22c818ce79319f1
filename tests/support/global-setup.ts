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

interface Golden {
  runId: string;
  made: Promise<string>;
  users: number;
  drop(): Promise<void>;
}

/**
 * One golden database per kind and run, shared by the projects of that kind (e.g. `pglite` and `pglite-serial`):
 * Vitest runs each project's global setup in this process, one after another, before any test, so a second
 * migration would only make the run start later. The last project's teardown removes it.
 */
const shelf = globalThis as { __pleGoldens?: Map<string, Golden> };
shelf.__pleGoldens ??= new Map();
const goldens = shelf.__pleGoldens;

function golden(kind: "pglite" | "postgres", url: string | undefined): Golden {
  const known = goldens.get(kind);
  if (known) return known;
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const made = kind === "postgres" ? makePostgresGolden(url!, runId) : makePGliteGolden(runId);
  const entry: Golden = {
    runId,
    made,
    users: 0,
    async drop() {
      if (kind === "postgres") {
        await dropPostgresDatabases(url!, `ple_t_${runId}_`);
        await dropPostgresDatabases(url!, `ple_golden_${runId}`);
      } else await rm(await made, { force: true });
    },
  };
  goldens.set(kind, entry);
  return entry;
}

/** Runs once per project: a golden database migrated once per run that every test file copies. */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
  const url = process.env.TEST_DATABASE_URL;
  if (kind === "postgres" && !url) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL");
  const shared = golden(kind, url);
  shared.users++;
  const made = await shared.made;
  project.provide("dbKind", kind);
  project.provide("runId", shared.runId);
  project.provide("postgresUrl", kind === "postgres" ? url! : "");
  project.provide("postgresGolden", kind === "postgres" ? made : "");
  project.provide("pgliteGolden", kind === "pglite" ? made : "");
  return async () => {
    if (--shared.users > 0) return;
    goldens.delete(kind);
    await shared.drop();
  };
}
