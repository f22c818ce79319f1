/**
 * Once `ledger_award_limited`, the first SQL function of an award; migration 0150 replaced it with `ledger_award`.
 * The award's function has one text now, src/server/ledger/sql/ledger-award.sql, which the start-up puts in place
 * after the migrations (db/sql-functions.ts), so a fresh install creates no earlier version of it here
 * (docs/decisions/116-award-baseline.md). The migration keeps its name and its place: an install that ran it keeps
 * its history, and one that runs it now has nothing to do.
 */
export async function up(): Promise<void> {}
