import {
  type AdminRedemption,
  markPaidSchema,
  type PayoutMode,
  rejectRedemptionSchema,
} from "~/core/api/redemptions";
import { formatCount } from "~/core/coins";
import { awaitingSecondAdmin, NEEDS_SECOND_ADMIN } from "~/core/dual-control";
import { payoutMethodLabels, redemptionStatusLabels } from "~/core/redemptions";
import { Button } from "~/web/components/ui/button";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { type RedemptionDecision, useDecideRedemption } from "../api/redemptions";
import { type Confirmation, useConfirm } from "./confirm-dialog";
import { TextAction } from "./text-action";

/**
 * Runs a decision after its confirmation (everything here moves money or coins back): the dialog states the effect,
 * and nothing is sent unless the administrator confirms it.
 */
export function useDecision() {
  const decide = useDecideRedemption();
  const { confirm, dialog } = useConfirm();
  const run = async (decision: RedemptionDecision, done: string, confirmation: Confirmation) => {
    if (!(await confirm(confirmation))) return;
    decide.mutate(decision, {
      onSuccess: (answer) =>
        notify(
          "proposal" in answer
            ? {
                title: "Approval Proposed",
                description: `Redemption #${answer.proposal.redemptionId} ($${answer.proposal.dollars}) is above the dual-control limit: it is approved when another administrator approves it too (Proposals).`,
              }
            : {
                title: done,
                description: `Redemption #${answer.redemption.id} is ${redemptionStatusLabels[answer.redemption.status].toLowerCase()}.`,
              },
        ),
      onError: (error) =>
        notify({
          title: "Action Failed",
          description: error instanceof ApiError ? error.message : String(error),
          reference: referenceOf(error),
          variant: "destructive",
        }),
    });
  };
  return { run, busy: decide.isPending, dialog };
}

interface DecisionProps {
  r: AdminRedemption;
  /** How this installation pays (the queue's answer): the approve dialog states it. */
  payoutMode: PayoutMode;
  run: ReturnType<typeof useDecision>["run"];
  busy: boolean;
}

/** How the confirmations name a redemption's money and payee. */
const moneyOf = (r: AdminRedemption) => `$${r.dollars} (${formatCount(r.coins)} coins)`;
const payeeOf = (r: AdminRedemption) => `${payoutMethodLabels[r.method]} to ${r.recipient}`;

/** Approve, retry a failed payout, or check an automatic payout again. */
/** What approving does here: ordered through the provider at once, or paid by hand and recorded. */
const approveEffect = (r: AdminRedemption, mode: PayoutMode) =>
  mode === "tremendous"
    ? `This installation pays through Tremendous: approving orders the payout of $${r.dollars} to ${r.recipient} at once.`
    : `This installation pays by hand: after approving, pay $${r.dollars} to ${r.recipient} yourself, then record its reference with 'Mark paid #${r.id}'.`;

function PayoutButtons({ r, run, busy, payoutMode }: DecisionProps) {
  const money = moneyOf(r);
  const payee = payeeOf(r);
  return (
    <>
      {r.status === "pending" && !r.fourEyes.proposal ? (
        <Button
          disabled={busy}
          onClick={() =>
            run({ id: r.id, action: "approve" }, "Redemption Approved", {
              title: `Approve redemption #${r.id}?`,
              effect: `Pay ${money}: ${payee} for ${r.user.email}`,
              notice: r.fourEyes.needsSecondAdmin ? NEEDS_SECOND_ADMIN : undefined,
              detail: r.fourEyes.needsSecondAdmin
                ? `${r.fourEyes.why.join(" ")} It is paid when a different administrator approves it under Proposals.`
                : approveEffect(r, payoutMode),
              confirmLabel: r.fourEyes.needsSecondAdmin ? `Propose approval of #${r.id}` : `Approve #${r.id}`,
            })
          }
        >
          {`Approve #${r.id}`}
        </Button>
      ) : null}
      {r.status === "failed" ? (
        <Button
          disabled={busy}
          onClick={() =>
            run({ id: r.id, action: "retry" }, "Payout Retried", {
              title: `Retry the payout of #${r.id}?`,
              effect: `Pay ${money} again: ${payee} for ${r.user.email}`,
              confirmLabel: `Retry payout #${r.id}`,
            })
          }
        >
          {`Retry payout #${r.id}`}
        </Button>
      ) : null}
      {r.status === "approved" && r.provider !== null && r.provider !== "manual" ? (
        <Button
          variant="outline"
          disabled={busy}
          onClick={() =>
            run({ id: r.id, action: "recheck" }, "Payout Check Queued", {
              title: `Check the payout of #${r.id} again?`,
              effect: `Ask the provider about the order of ${money} (never a second order)`,
              confirmLabel: `Check payout #${r.id} again`,
            })
          }
        >
          {`Check payout #${r.id} again`}
        </Button>
      ) : null}
    </>
  );
}

/** Mark a manual payout paid, or reject (the coins go back), each with its text. */
function TextDecisions({ r, run, busy }: DecisionProps) {
  const canReject =
    r.status === "pending" || r.status === "failed" || (r.status === "approved" && r.provider === "manual");
  const money = moneyOf(r);
  const payee = payeeOf(r);
  return (
    <>
      {r.status === "approved" && r.provider === "manual" ? (
        <TextAction
          label="Payout reference"
          button={`Mark #${r.id} paid`}
          minLength={markPaidSchema.shape.reference.minLength ?? 1}
          maxLength={markPaidSchema.shape.reference.maxLength ?? 200}
          busy={busy}
          rule={markPaidSchema.shape.reference}
          onSubmit={(reference) =>
            run({ id: r.id, action: "mark-paid", reference }, "Redemption Paid", {
              title: `Mark #${r.id} paid?`,
              effect: `${money} paid: ${payee} (reference ${reference})`,
              detail: "The user is e-mailed the reference. A paid redemption can no longer be rejected.",
              confirmLabel: `Mark #${r.id} paid`,
            })
          }
        />
      ) : null}
      {canReject ? (
        <TextAction
          label="Reason for rejecting"
          button={`Reject #${r.id}`}
          minLength={3}
          maxLength={rejectRedemptionSchema.shape.reason.maxLength ?? 500}
          busy={busy}
          mustConfirm={r.status === "approved" ? `#${r.id} was not paid` : undefined}
          rule={rejectRedemptionSchema.shape.reason}
          onSubmit={(reason) =>
            run(
              { id: r.id, action: "reject", reason, notPaid: r.status === "approved" },
              "Redemption Rejected",
              {
                title: `Reject redemption #${r.id}?`,
                effect: `+${formatCount(r.coins)} coins back to ${r.user.email}; nothing is paid`,
                detail:
                  r.status === "approved"
                    ? "It was approved: reject it only if it was not paid by hand, or the user gets the money and the coins."
                    : `The user reads the reason: ${reason}`,
                confirmLabel: `Reject #${r.id}`,
              },
            )
          }
        />
      ) : null}
    </>
  );
}

/** The decisions an administrator may take on a redemption in its state (never on their own). */
export function RedemptionDecisions({ r, run, busy, payoutMode }: DecisionProps) {
  return (
    <div className="flex flex-col gap-3">
      {r.status === "pending" && r.fourEyes.proposal ? (
        <p role="status" className="text-sm font-medium">
          {awaitingSecondAdmin(r.fourEyes.proposal)}
        </p>
      ) : r.status === "pending" && r.fourEyes.needsSecondAdmin ? (
        <p role="note" className="text-sm">
          <strong>{`${NEEDS_SECOND_ADMIN}. `}</strong>
          {r.fourEyes.why.join(" ")}
        </p>
      ) : null}
      <PayoutButtons r={r} run={run} busy={busy} payoutMode={payoutMode} />
      <TextDecisions r={r} run={run} busy={busy} payoutMode={payoutMode} />
    </div>
  );
}
