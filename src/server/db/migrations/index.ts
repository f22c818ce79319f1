import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-auth-and-profiles";
import * as m0003 from "./0003-coin-ledger";

/** Every migration, in order. The same files run on PGlite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  "0001-auth-and-profiles": m0001,
  "0003-coin-ledger": m0003,
};
