import type { Transaction } from "kysely";
import type { KycDecisionResult } from "~/core/api/kyc";
import { KYC_SAME_DOCUMENT_REASON_MESSAGE } from "~/core/kyc";
import type { AppDeps } from "../app-deps";
import { recordAudit } from "../audit/audit.service";
import type { DB } from "../db/schema";
import { requireFourEyes } from "../dual-control/four-eyes";
import { withdrawOpenProposals } from "../dual-control/proposal-records";
import { AppError } from "../errors";
import { kycDecisionMail } from "../mail/templates";
import { lifecycleMessages } from "../messages/lifecycle-texts";
import { addToInbox } from "../messages/messages.service";
import { sameDocumentAs } from "./kyc-same-document";

/**
 * An administrator's decision on a KYC submission (docs/product.md, "KYC" and "Dual control"). An approval is
 * four-eyes' to allow (dual-control/four-eyes.ts): the administrator who credited the account, or any approval of
 * a document number another account had approved, needs a second administrator — the route makes it a proposal
 * (kyc-approval.service.ts) and the approval of that proposal applies it here (the effect handed to dual control).
 */
type Deps = Pick<AppDeps, "db" | "mailOutbox" | "env">;

export interface KycDecision {
  submissionId: string;
  /** The administrator; null for the system (tests, scripts). */
  actorId: string | null;
  decision: "approve" | "reject";
  /** Required for a rejection: the user reads it on /kyc and in the e-mail. */
  reason?: string | null;
  requestId?: string | null;
}

/** What a decision weighs about a submission: whose it is and the other accounts with its document number. */
export interface KycDecisionCase {
  userId: string;
  reason: string | null;
  /** The other accounts that submitted the same document number. */
  others: string[];
  /** Whether one of them had it approved: approving it again needs a second administrator. */
  reusedDocument: boolean;
}

/**
 * Locks the submission and checks what every decision needs: it exists (404), is not the deciding
 * administrator's own (403 SELF_ACTION), a rejection has a reason, and so does an approval of a document number
 * another account submitted too (422).
 */
export async function kycDecisionCase(trx: Transaction<DB>, input: KycDecision): Promise<KycDecisionCase> {
  const reason = input.reason?.trim() || null;
  if (input.decision === "reject" && !reason) {
    throw new AppError("VALIDATION_FAILED", undefined, [
      { path: "reason", message: "Please give a reason for the rejection." },
    ]);
  }
  const own = await trx
    .selectFrom("kyc_submissions")
    .select("user_id")
    .where("id", "=", input.submissionId)
    .forUpdate()
    .executeTakeFirst();
  if (!own) throw new AppError("NOT_FOUND");
  if (own.user_id === input.actorId)
    throw new AppError(
      "SELF_ACTION",
      "You cannot decide your own KYC submission: another administrator must do it.",
    );
  const others = await sameDocumentAs(trx, input.submissionId);
  if (input.decision === "approve" && others.length > 0 && !reason)
    throw new AppError("VALIDATION_FAILED", undefined, [
      { path: "reason", message: KYC_SAME_DOCUMENT_REASON_MESSAGE },
    ]);
  return {
    userId: own.user_id,
    reason,
    others: others.map((o) => o.userId),
    reusedDocument: others.some((o) => o.status === "approved"),
  };
}

/**
 * Records a decision on a pending submission, its audit row and the e-mail to the user, all in one transaction.
 * 404 for an unknown submission, 409 KYC_ALREADY_DECIDED when it is not pending any more (two administrators
 * deciding at once: the second gets the 409). An approval past four eyes is refused (403 FOUR_EYES_REQUIRED)
 * unless it carries out `proposalId`, approved by this administrator; a rejection withdraws a waiting proposal.
 */
export async function decideKycIn(
  trx: Transaction<DB>,
  deps: Deps,
  input: KycDecision,
  proposalId?: number,
): Promise<KycDecisionResult> {
  const found = await kycDecisionCase(trx, input);
  const status = input.decision === "approve" ? "approved" : "rejected";
  const actor = input.actorId ? { adminId: input.actorId, requestId: input.requestId ?? null } : null;
  const approved =
    actor && input.decision === "approve"
      ? await requireFourEyes(
          trx,
          deps.env.dualControl,
          actor.adminId,
          {
            kind: "kyc.approve",
            userId: found.userId,
            submissionId: input.submissionId,
            reusedDocument: found.reusedDocument,
          },
          proposalId,
        )
      : null;
  const row = await trx
    .updateTable("kyc_submissions")
    .set({ status, reason: found.reason, decided_by: input.actorId, decided_at: new Date() })
    .where("id", "=", input.submissionId)
    .where("status", "=", "pending")
    .returning(["id", "user_id"])
    .executeTakeFirst();
  if (!row) throw new AppError("KYC_ALREADY_DECIDED");
  if (actor && status === "rejected") await withdrawOpenProposals(trx, deps, actor, row.id);
  const others = found.others;
  await recordAudit(trx, {
    actorId: input.actorId,
    action: input.decision === "approve" ? "kyc.approve" : "kyc.reject",
    targetType: "kyc_submission",
    targetId: row.id,
    before: { status: "pending", userId: row.user_id },
    after: {
      status,
      userId: row.user_id,
      ...(others.length ? { sameDocumentAs: others } : {}),
      ...(approved ?? {}),
    },
    reason: found.reason,
    requestId: input.requestId ?? null,
  });
  const user = await trx
    .selectFrom("user")
    .select("email")
    .where("id", "=", row.user_id)
    .executeTakeFirstOrThrow();
  await deps.mailOutbox.enqueue(
    kycDecisionMail(
      user.email,
      { approved: status === "approved", reason: found.reason, retentionDays: deps.env.kycRetentionDays },
      `${deps.env.appUrl}/kyc`,
    ),
    { db: trx, dedupeKey: `kyc-decision:${row.id}` },
  );
  await addToInbox(
    trx,
    lifecycleMessages.kycDecided({
      userId: row.user_id,
      submissionId: row.id,
      approved: status === "approved",
    }),
  );
  return { submissionId: row.id, userId: row.user_id, status };
}

/** A decision in its own transaction (decideKycIn). */
export async function decideKyc(deps: Deps, input: KycDecision): Promise<KycDecisionResult> {
  return deps.db.transaction().execute((trx) => decideKycIn(trx, deps, input));
}
