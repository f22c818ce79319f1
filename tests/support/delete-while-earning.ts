import { sql } from "kysely";
import type { QuizSessionView } from "~/core/api/quizzes";
import type { Database } from "~/server/db/client";
import { quizContent } from "~/server/quizzes/content";
import type { ApiClient, TestUser } from "./factories";

/**
 * Earning and deleting the account at once (docs/product.md, "Deleting the account"): what every such race must
 * leave. The deletion's answer and audit row say what was forfeited: that is the profile's final balance (no
 * coin paid after the deletion) and the balance is the sum of its ledger rows.
 */
export interface DeletionOutcome {
  status: number;
  forfeitedCoins: number | null;
  finalBalance: number;
  ledgerSum: number;
  auditForfeited: number | null;
}

export const deleteAccount = (client: ApiClient, user: TestUser) =>
  client.request("/api/account/delete", {
    method: "POST",
    cookie: user.cookie,
    json: { password: user.password, confirmation: "DELETE" },
  });

/** The outcome of `user`'s deletion answer `res`, with the books as the database holds them now. */
export async function deletionOutcome(db: Database, user: TestUser, res: Response): Promise<DeletionOutcome> {
  const body = res.status === 200 ? ((await res.json()) as { forfeitedCoins: number }) : null;
  if (!body) await res.body?.cancel();
  const { rows } = await sql<{ points: number; total: number; audited: number | null }>`
    select p.points, (select coalesce(sum(amount), 0)::int from coin_ledger where user_id = p.id) as total,
      (select (after->>'forfeitedCoins')::int from audit_log
        where action = 'account.delete' and target_id = p.id order by id desc limit 1) as audited
    from user_profiles p where p.id = ${user.id}`.execute(db);
  const row = rows[0];
  return {
    status: res.status,
    forfeitedCoins: body?.forfeitedCoins ?? null,
    finalBalance: row?.points ?? -1,
    ledgerSum: row?.total ?? -1,
    auditForfeited: row?.audited ?? null,
  };
}

/** The right answers of a fresh quiz session of `user` (10 requests that pay 10 coins each, 20 the last). */
export async function quizAnswers(
  client: ApiClient,
  user: TestUser,
  quizId = "general",
): Promise<(() => Promise<Response>)[]> {
  const res = await client.request(`/api/quizzes/${quizId}/sessions`, {
    method: "POST",
    cookie: user.cookie,
  });
  if (res.status !== 201) throw new Error(`starting a quiz answered ${res.status}`);
  const session = (await res.json()) as QuizSessionView;
  return session.questions.map((question) => () => {
    const answer = quizContent.flatMap((quiz) => quiz.questions).find((q) => q.id === question.id)?.answer;
    return client.request(`/api/quizzes/sessions/${session.sessionId}/answers`, {
      method: "POST",
      cookie: user.cookie,
      json: { questionId: question.id, option: question.options.indexOf(answer ?? "") },
    });
  });
}
