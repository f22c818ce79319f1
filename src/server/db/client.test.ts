import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { openDatabase } from "./client";

it("opens the embedded database with a 32 MB buffer cache (its memory stays resident in this process)", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "ple-client-"));
  const handle = await openDatabase({ databaseUrl: undefined, databasePoolMax: 1, dataDir });
  try {
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
    expect(rows[0]?.shared_buffers).toBe("32MB");
    const { rows: search } = await sql<{ search_path: string }>`show search_path`.execute(handle.db);
    expect(search[0]?.search_path).toBe("public");
  } finally {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);
