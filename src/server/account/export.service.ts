import { maskEmail } from "~/core/coins";
import type { Database } from "../db/client";
import { exportReferrals } from "./export-referrals";
import { pages } from "./export-stream";
import { balanceSnapshot, ledgerPages } from "./ledger-export";
import { describeDevice } from "./user-agent";

/**
 * The data download of /account (docs/product.md "Your data"): everything the app holds about one user, as JSON
 * (and the ledger as CSV, ledger-csv.ts), produced as a stream of chunks. Long lists are read a page at a time
 * (EXPORT_PAGE_ROWS rows by key, export-stream.ts), and the next page is read only when the client has taken the previous one, so a
 * long history is never in memory at once. Nothing of another user is written: friends' and referrers' addresses
 * are masked as the referral page masks them, and administrators appear as "administrator", never by id.
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const json = (value: unknown) => JSON.stringify(value);

/** A JSON array written page by page: `"name":[…]`. */
async function* arrayOf<T>(name: string, source: AsyncGenerator<T[]>, map: (row: T) => unknown) {
  yield `,${json(name)}:[`;
  let first = true;
  for await (const rows of source) {
    yield (first ? "" : ",") + rows.map((r) => json(map(r))).join(",");
    first = false;
  }
  yield "]";
}

/** Who did something, as the user may see it. */
const actorOf = (actorId: string | null, userId: string) =>
  actorId === null ? "system" : actorId === userId ? "you" : "administrator";

/** Drops the ids of other people (administrators) from an audit row's before/after. */
function withoutOthers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutOthers);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !/(By|ById|adminId|actorId)$/.test(k))
      .map(([k, v]) => [k, withoutOthers(v)]),
  );
}

/** The whole export of `userId` as JSON text chunks. */
export async function* exportJson(db: Database, userId: string, now = new Date()): AsyncGenerator<string> {
  const [user, profile, snapshot] = await Promise.all([
    db
      .selectFrom("user")
      .select(["id", "email", "emailVerified", "createdAt", "role", "banned", "banReason", "banExpires"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("user_profiles")
      .leftJoin("user as referrer", "referrer.id", "user_profiles.referred_by")
      .select([
        "user_profiles.referral_code",
        "user_profiles.signup_ip",
        "user_profiles.signup_device",
        "user_profiles.created_at",
        "user_profiles.pending_points",
        "referrer.email as referrerEmail",
      ])
      .where("user_profiles.id", "=", userId)
      .executeTakeFirst(),
    balanceSnapshot(db, userId),
  ]);
  yield `{"format":"play-learn-earn-data/1","exportedAt":${json(now.toISOString())}`;
  yield `,"user":${json({
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: iso(user.createdAt),
    role: user.role ?? "user",
    suspended: user.banned === true,
    suspensionReason: user.banReason,
    suspendedUntil: iso(user.banExpires),
  })}`;
  yield `,"profile":${json({
    balance: snapshot.balance,
    pending: profile?.pending_points ?? 0,
    referralCode: profile?.referral_code ?? null,
    referredBy: profile?.referrerEmail ? maskEmail(profile.referrerEmail) : null,
    signUpIp: profile?.signup_ip ?? null,
    createdAt: iso(profile?.created_at ?? null),
  })}`;
  // Browsers that signed in with the right password, described and dated. Never their device id: it is what
  // exempts a browser from the sign-in lock, so a copy of this file must not hand it out (ADR 064).
  const devices = await db
    .selectFrom("user_devices")
    .select(["device_id", "user_agent", "first_seen_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .orderBy("first_seen_at")
    .execute();
  yield `,"devices":${json(
    devices.map((d) => ({
      browser: describeDevice(d.user_agent),
      signedUpWith: d.device_id === profile?.signup_device,
      firstSeenAt: iso(d.first_seen_at),
      lastSeenAt: iso(d.last_seen_at),
    })),
  )}`;
  const sessions = await db
    .selectFrom("session")
    .select(["createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
  yield `,"sessions":${json(
    sessions.map((s) => ({
      device: describeDevice(s.userAgent),
      userAgent: s.userAgent,
      ipAddress: s.ipAddress,
      createdAt: iso(s.createdAt),
      lastActiveAt: iso(s.updatedAt),
      expiresAt: iso(s.expiresAt),
    })),
  )}`;
  const kyc = await db
    .selectFrom("kyc_submissions")
    .select([
      "id",
      "status",
      "full_name",
      "document_id_hint",
      "document_type",
      "document_size",
      "reason",
      "created_at",
      "decided_at",
      "document_deleted_at",
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  yield `,"kyc":${json(
    kyc.map((k) => ({
      id: k.id,
      status: k.status,
      fullName: k.full_name,
      documentId: k.document_id_hint,
      documentType: k.document_type,
      documentSize: k.document_size,
      decisionReason: k.reason,
      submittedAt: iso(k.created_at),
      decidedAt: iso(k.decided_at),
      documentDeletedAt: iso(k.document_deleted_at),
      documentAvailable: k.document_deleted_at === null,
    })),
  )}`;
  const redemptions = await db
    .selectFrom("redemptions")
    .select([
      "id",
      "coins",
      "cents",
      "method",
      "recipient",
      "status",
      "provider",
      "provider_reference",
      "reason",
      "created_at",
      "updated_at",
      "decided_at",
      "paid_at",
    ])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  yield `,"redemptions":${json(
    redemptions.map((r) => ({
      id: r.id,
      coins: r.coins,
      cents: r.cents,
      method: r.method,
      recipient: r.recipient,
      status: r.status,
      provider: r.provider,
      providerReference: r.provider_reference,
      reason: r.reason,
      requestedAt: iso(r.created_at),
      decidedAt: iso(r.decided_at),
      paidAt: iso(r.paid_at),
      updatedAt: iso(r.updated_at),
    })),
  )}`;
  yield `,"referrals":${json(await exportReferrals(db, userId))}`;
  yield `,"balance":${snapshot.balance}`;
  yield* arrayOf("ledger", ledgerPages(db, userId, snapshot.maxId), (r) => ({
    id: Number(r.id),
    createdAt: iso(r.created_at),
    kind: r.kind,
    reason: r.reason,
    amount: r.amount,
  }));
  yield* arrayOf(
    "games",
    pages(
      (after: string | null, limit) =>
        db
          .selectFrom("games")
          .select(["id", "board", "status", "created_at", "finished_at", "unpaid_reason"])
          .where("user_id", "=", userId)
          .$if(after !== null, (q) => q.where("id", ">", after!))
          .orderBy("id")
          .limit(limit)
          .execute(),
      (r) => r.id,
    ),
    (g) => ({
      id: g.id,
      game: "tic-tac-toe",
      board: g.board,
      status: g.status,
      startedAt: iso(g.created_at),
      finishedAt: iso(g.finished_at),
      unpaidReason: g.unpaid_reason,
    }),
  );
  yield* arrayOf(
    "quizSessions",
    pages(
      async (after: string | null, limit) => {
        const sessions = await db
          .selectFrom("quiz_sessions")
          .select(["id", "quiz_id", "created_at", "completed_at", "practice"])
          .where("user_id", "=", userId)
          .$if(after !== null, (q) => q.where("id", ">", after!))
          .orderBy("id")
          .limit(limit)
          .execute();
        const answers = sessions.length
          ? await db
              .selectFrom("quiz_answers")
              .select(["session_id", "question_id", "chosen", "correct", "answered_at"])
              .where(
                "session_id",
                "in",
                sessions.map((s) => s.id),
              )
              .orderBy("answered_at")
              .execute()
          : [];
        return sessions.map((s) => ({ ...s, answers: answers.filter((a) => a.session_id === s.id) }));
      },
      (r) => r.id,
    ),
    (s) => ({
      id: s.id,
      quiz: s.quiz_id,
      startedAt: iso(s.created_at),
      completedAt: iso(s.completed_at),
      practice: s.practice,
      answers: s.answers.map((a) => ({
        question: a.question_id,
        chosen: a.chosen,
        correct: a.correct,
        answeredAt: iso(a.answered_at),
      })),
    }),
  );
  yield* arrayOf(
    "videoWatches",
    pages(
      (after: string | null, limit) =>
        db
          .selectFrom("video_watches")
          .select(["id", "video_id", "started_at", "completed_at"])
          .where("user_id", "=", userId)
          .$if(after !== null, (q) => q.where("id", ">", after!))
          .orderBy("id")
          .limit(limit)
          .execute(),
      (r) => r.id,
    ),
    (w) => ({ id: w.id, video: w.video_id, startedAt: iso(w.started_at), completedAt: iso(w.completed_at) }),
  );
  const redemptionIds = redemptions.map((r) => String(r.id));
  const kycIds = kyc.map((k) => k.id);
  yield* arrayOf(
    "auditEntries",
    pages(
      (after: number | null, limit) =>
        db
          .selectFrom("audit_log")
          .select([
            "id",
            "actor_id",
            "action",
            "target_type",
            "target_id",
            "before",
            "after",
            "reason",
            "created_at",
          ])
          .where((eb) =>
            eb.or([
              eb.and([eb("target_type", "=", "user"), eb("target_id", "=", userId)]),
              ...(redemptionIds.length
                ? [eb.and([eb("target_type", "=", "redemption"), eb("target_id", "in", redemptionIds)])]
                : []),
              ...(kycIds.length
                ? [eb.and([eb("target_type", "=", "kyc_submission"), eb("target_id", "in", kycIds)])]
                : []),
            ]),
          )
          .$if(after !== null, (q) => q.where("id", ">", after!))
          .orderBy("id")
          .limit(limit)
          .execute(),
      (r) => Number(r.id),
    ),
    (a) => ({
      at: iso(a.created_at),
      by: actorOf(a.actor_id, userId),
      action: a.action,
      about: a.target_type === "user" ? "your account" : `${a.target_type} ${a.target_id}`,
      before: withoutOthers(a.before),
      after: withoutOthers(a.after),
      reason: a.reason,
    }),
  );
  yield "}\n";
}
