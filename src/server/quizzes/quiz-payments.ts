import type { QuizTerms } from "~/core/quiz/scoring";
import type { Database } from "../db/client";
import { quizCauseKeys } from "../ledger/cause-keys";
import { type AwardResult, award } from "../ledger/ledger.service";

/** Quiz payments through the ledger (ADR 006): cause keys bound to the session, so each pays at most once. */

/** Pays what a recorded answer has earned. Idempotent: the cause keys make a repeat pay nothing. */
export async function payAnswer(
  db: Database,
  input: {
    userId: string;
    sessionId: string;
    questionId: string;
    correct: boolean;
    completed: boolean;
    /** What the round's quiz pays (the terms it was drawn under); a bonus of 0 pays no bonus. */
    terms: QuizTerms;
    /** The session the request acts through (looked at again under the award's lock). */
    sessionToken?: string | null | undefined;
  },
): Promise<AwardResult[]> {
  const paid: AwardResult[] = [];
  if (input.correct)
    paid.push(
      await award(db, {
        userId: input.userId,
        kind: "quiz_correct",
        reward: input.terms.perCorrect,
        causeKey: quizCauseKeys.answer(input.sessionId, input.questionId),
        sessionToken: input.sessionToken,
      }),
    );
  if (input.completed && input.terms.bonus > 0)
    paid.push(
      await award(db, {
        userId: input.userId,
        kind: "quiz_bonus",
        reward: input.terms.bonus,
        causeKey: quizCauseKeys.bonus(input.sessionId),
        sessionToken: input.sessionToken,
      }),
    );
  return paid;
}
