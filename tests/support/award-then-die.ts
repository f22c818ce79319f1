/**
 * A process that pays awards through the ledger and is SIGKILLed by itself right after the last one commits:
 * what a server that dies between an award and the award's consumers leaves behind (tests/db/
 * ledger-events-crash.test.ts). Run with `node --import tsx tests/support/award-then-die.ts`; AWARDS (JSON: the
 * ledger's AwardInput list) and DATABASE_URL or PGLITE_DIR say what and where.
 */
import pg from "pg";
import { fromPGlite, fromPool } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";
import { type AwardInput, award } from "~/server/ledger/ledger.service";

const awards = JSON.parse(process.env.AWARDS ?? "[]") as AwardInput[];
const handle = process.env.DATABASE_URL
  ? fromPool(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 }))
  : fromPGlite(await createPGlite(process.env.PGLITE_DIR ?? ""));
for (const input of awards) {
  const result = await award(handle.db, input);
  if (result.amount <= 0) throw new Error(`the award of ${input.causeKey} paid nothing`);
}
// Committed, and no consumer of the events has run: die here, as a server killed at this point would.
process.kill(process.pid, "SIGKILL");
