/**
 * A process that releases due partner credits one by one and is SIGKILLed by itself as soon as it has released
 * DIE_AFTER of them — before its pool or database closes, as a server killed between two releases would (tests/db/partner-release-crash.test.ts). Run with
 * `node --import tsx tests/support/release-then-die.ts`; DATABASE_URL or PGLITE_DIR say where.
 */
import pg from "pg";
import { fromPGlite, fromPool } from "~/server/db/client";
import { createPGlite } from "~/server/db/pglite";
import { releaseDuePartnerCredits } from "~/server/partners/partner-release.job";

const handle = process.env.DATABASE_URL
  ? fromPool(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 }))
  : fromPGlite(await createPGlite(process.env.PGLITE_DIR ?? ""));
const dieAfter = Number(process.env.DIE_AFTER ?? "0");
let released = 0;
while ((await releaseDuePartnerCredits(handle.db, new Date(), 1)) > 0) {
  // One credit per call, each its own transaction.
  if (++released === dieAfter) process.kill(process.pid, "SIGKILL");
}
process.kill(process.pid, "SIGKILL");
