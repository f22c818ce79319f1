import type { Migration } from "kysely/migration";
import type { ConcurrentIndex } from "../concurrent-indexes";
import * as m0001 from "./0001-auth-and-profiles";
import * as m0002 from "./0002-mail-outbox";
import * as m0003 from "./0003-coin-ledger";
import * as m0004 from "./0004-quizzes";
import * as m0005 from "./0005-games";
import * as m0010 from "./0010-jobs";
import * as m0030 from "./0030-fair-earning";
import * as m0040 from "./0040-admin-and-audit";
import * as m0050 from "./0050-kyc";
import * as m0060 from "./0060-redemptions";
import * as m0080 from "./0080-quiz-content-at-start-up";
import * as m0090 from "./0090-ledger-award-function";
import * as m0100 from "./0100-adjustment-id-index";
import * as m0110 from "./0110-streak-bonus";
import * as m0120 from "./0120-deleted-accounts";
import * as m0130 from "./0130-dual-control";
import * as m0140 from "./0140-same-person-signals";
import * as m0150 from "./0150-one-award-and-clearing-referrals";
import * as m0160 from "./0160-cheaper-awards";
import * as m0170 from "./0170-four-eyes";
import * as m0180 from "./0180-document-number-skeleton";
import * as m0181 from "./0181-unlock-links-and-browsers";
import * as m0190 from "./0190-ledger-events";
import * as m0200 from "./0200-history-groups";
import * as m0210 from "./0210-cheaper-award-and-release-consumer";
import * as m0220 from "./0220-rollups";
import * as m0230 from "./0230-console-search-and-indexes";
import * as m0250 from "./0250-redemption-approved-at";
import * as m0260 from "./0260-signed-in-browsers";
import * as m0270 from "./0270-queue-keys";
import * as m0280 from "./0280-ledger-covering-index";
import * as m0290 from "./0290-streak-checkpoints";
import * as m0300 from "./0300-cheaper-watch-start";
import * as m0310 from "./0310-kyc-approval-proposals";
import * as m0315 from "./0315-unclaimed-sign-ups";
import * as m0330 from "./0330-content-in-the-database";
import * as m0350 from "./0350-earning-partners";
import * as m0400 from "./0400-messages";
import * as m0410 from "./0410-partner-debts-and-holds";
import * as m0420 from "./0420-partner-days";
import * as m0430 from "./0430-quiz-session-retention-index";
import * as m0440 from "./0440-quiz-versions-and-drawn-rounds";
import * as m0450 from "./0450-uploaded-videos";
import * as m0460 from "./0460-partner-credit-decisions";
import * as m0470 from "./0470-quiz-question-explanations";
import * as m0480 from "./0480-quiz-states";
import * as m0490 from "./0490-quiz-rewards-and-removed-questions";
import * as m0495 from "./0495-validate-checks";

/** Every migration, in order. The same files run on PGlite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  "0001-auth-and-profiles": m0001,
  "0002-mail-outbox": m0002,
  "0003-coin-ledger": m0003,
  "0004-quizzes": m0004,
  "0005-games": m0005,
  "0010-jobs": m0010,
  "0030-fair-earning": m0030,
  "0040-admin-and-audit": m0040,
  "0050-kyc": m0050,
  "0060-redemptions": m0060,
  "0080-quiz-content-at-start-up": m0080,
  "0090-ledger-award-function": m0090,
  "0100-adjustment-id-index": m0100,
  "0110-streak-bonus": m0110,
  "0120-deleted-accounts": m0120,
  "0130-dual-control": m0130,
  "0140-same-person-signals": m0140,
  "0150-one-award-and-clearing-referrals": m0150,
  "0160-cheaper-awards": m0160,
  "0170-four-eyes": m0170,
  "0180-document-number-skeleton": m0180,
  "0181-unlock-links-and-browsers": m0181,
  "0190-ledger-events": m0190,
  "0200-history-groups": m0200,
  "0210-cheaper-award-and-release-consumer": m0210,
  "0220-rollups": m0220,
  "0230-console-search-and-indexes": m0230,
  "0250-redemption-approved-at": m0250,
  "0260-signed-in-browsers": m0260,
  "0270-queue-keys": m0270,
  "0280-ledger-covering-index": m0280,
  "0290-streak-checkpoints": m0290,
  "0300-cheaper-watch-start": m0300,
  "0310-kyc-approval-proposals": m0310,
  "0315-unclaimed-sign-ups": m0315,
  "0350-earning-partners": m0350,
  "0330-content-in-the-database": m0330,
  "0400-messages": m0400,
  "0410-partner-debts-and-holds": m0410,
  "0420-partner-days": m0420,
  "0430-quiz-session-retention-index": m0430,
  "0440-quiz-versions-and-drawn-rounds": m0440,
  "0450-uploaded-videos": m0450,
  "0460-partner-credit-decisions": m0460,
  "0470-quiz-question-explanations": m0470,
  "0480-quiz-states": m0480,
  "0490-quiz-rewards-and-removed-questions": m0490,
  "0495-validate-checks": m0495,
};

/** The indexes the migrations build CONCURRENTLY after they run (../concurrent-indexes.ts), in order. */
export const concurrentIndexes: readonly ConcurrentIndex[] = [
  ...m0230.concurrentIndexes,
  ...m0270.concurrentIndexes,
  ...m0280.concurrentIndexes,
  ...m0310.concurrentIndexes,
  ...m0410.concurrentIndexes,
  ...m0430.concurrentIndexes,
];
