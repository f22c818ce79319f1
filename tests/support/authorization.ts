import type { Database } from "~/server/db/client";
import type { ApiRequest, TestUser } from "./factories";

/**
 * The pieces of the authorization matrix (tests/db/authorization.test.ts): who asks, what one case sends
 * and expects, and a snapshot of everything a user owns, to prove other people's requests left it alone.
 */
export type Role = "guest" | "other" | "owner" | "admin" | "editor";

export interface Actor {
  role: Role;
  /** null for the guest. */
  user: (TestUser & { cookie: string }) | null;
}

export interface MatrixCase {
  /** The request `actor` sends — aimed at the owner's resources wherever the endpoint takes an id. */
  request(actor: Actor): { path: string; init?: ApiRequest } | Promise<{ path: string; init?: ApiRequest }>;
  /**
   * Per role; an administrator gets what `other` gets unless `admin` says otherwise (admin endpoints), and so
   * does a content editor unless `editor` says otherwise (the content console).
   */
  expect: Record<Exclude<Role, "admin" | "editor">, number> & { admin?: number; editor?: number };
  /** Owner values the answer may repeat because the request itself sent them (e.g. the email address). */
  echoes?: string[];
  /** Further checks of a JSON answer: whose data it holds. */
  check?(actor: Actor, body: unknown): void | Promise<void>;
  /** The request ends the actor's session (sign-out, revoke…): the actor signs in again afterwards. */
  endsSession?: boolean;
}

/** Everything stored about a user, in a stable order: equal snapshots mean nobody wrote to it. */
export async function snapshotOf(db: Database, userId: string): Promise<string> {
  const [user, accounts, sessions, profile, ledger, referrals, games, quizSessions, kyc] = await Promise.all([
    db.selectFrom("user").selectAll().where("id", "=", userId).execute(),
    db.selectFrom("account").selectAll().where("userId", "=", userId).orderBy("id").execute(),
    db
      .selectFrom("session")
      .select(["id", "token", "userId"])
      .where("userId", "=", userId)
      .orderBy("id")
      .execute(),
    db.selectFrom("user_profiles").selectAll().where("id", "=", userId).execute(),
    db.selectFrom("coin_ledger").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
    db.selectFrom("referrals").selectAll().where("referrer_id", "=", userId).orderBy("id").execute(),
    db.selectFrom("games").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
    db.selectFrom("quiz_sessions").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
    db
      .selectFrom("kyc_submissions")
      .leftJoin("kyc_documents", "kyc_documents.submission_id", "kyc_submissions.id")
      .select(["id", "status", "reason", "decided_at", "document_deleted_at", "kyc_documents.content"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute(),
  ]);
  const answers = quizSessions.length
    ? await db
        .selectFrom("quiz_answers")
        .selectAll()
        .where(
          "session_id",
          "in",
          quizSessions.map((s) => s.id),
        )
        .orderBy("session_id")
        .orderBy("question_id")
        .execute()
    : [];
  return JSON.stringify({
    user,
    accounts,
    sessions,
    profile,
    ledger,
    referrals,
    games,
    quizSessions,
    answers,
    kyc: kyc.map((k) => ({ ...k, content: k.content ? Buffer.from(k.content).toString("base64") : null })),
  });
}

/** The owner's secrets found in an answer to someone else, less those the request itself sent. */
export function leakedSecrets(
  text: string,
  secrets: Record<string, string>,
  echoes: string[] = [],
): string[] {
  return Object.entries(secrets)
    .filter(([name, value]) => !echoes.includes(name) && text.includes(value))
    .map(([name]) => name);
}
