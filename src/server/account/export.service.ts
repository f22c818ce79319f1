import type { Database } from "../db/client";
import { accountOf, devicesOf, sessionsOf } from "./export-account";
import { gamesOf, quizSessionsOf, videoWatchesOf } from "./export-activity";
import { auditEntriesOf } from "./export-audit";
import { exportReferrals } from "./export-referrals";
import { kycOf, redemptionsOf } from "./export-requests";
import { arrayOf, iso, json } from "./export-stream";
import { ledgerPages } from "./ledger-export";

/**
 * The data download of /account (docs/product.md "Your data"): everything the app holds about one user, as JSON
 * (and the ledger as CSV, ledger-csv.ts), produced as a stream of chunks. Long lists are read a page at a time
 * (EXPORT_PAGE_ROWS rows by key, export-stream.ts), and the next page is read only when the client has taken the
 * previous one, so a long history is never in memory at once. Nothing of another user is written: friends' and
 * referrers' addresses are masked as the referral page masks them, and administrators appear as "administrator",
 * never by id. The sections are read by export-account.ts, export-requests.ts, export-activity.ts and
 * export-audit.ts.
 */

/** The whole export of `userId` as JSON text chunks. */
export async function* exportJson(db: Database, userId: string, now = new Date()): AsyncGenerator<string> {
  const { user, profile, snapshot, signupDevice } = await accountOf(db, userId);
  yield `{"format":"play-learn-earn-data/1","exportedAt":${json(now.toISOString())}`;
  yield `,"user":${json(user)}`;
  yield `,"profile":${json(profile)}`;
  yield `,"devices":${json(await devicesOf(db, userId, signupDevice))}`;
  yield `,"sessions":${json(await sessionsOf(db, userId))}`;
  const kyc = await kycOf(db, userId);
  yield `,"kyc":${json(kyc)}`;
  const redemptions = await redemptionsOf(db, userId);
  yield `,"redemptions":${json(redemptions)}`;
  yield `,"referrals":${json(await exportReferrals(db, userId))}`;
  yield `,"balance":${snapshot.balance}`;
  yield* arrayOf("ledger", ledgerPages(db, userId, snapshot.maxId), (r) => ({
    id: Number(r.id),
    createdAt: iso(r.created_at),
    kind: r.kind,
    reason: r.reason,
    amount: r.amount,
  }));
  yield* gamesOf(db, userId);
  yield* quizSessionsOf(db, userId);
  yield* videoWatchesOf(db, userId);
  const redemptionIds = redemptions.map((r) => String(r.id));
  const kycIds = kyc.map((k) => k.id);
  yield* auditEntriesOf(db, userId, redemptionIds, kycIds);
  yield "}\n";
}
