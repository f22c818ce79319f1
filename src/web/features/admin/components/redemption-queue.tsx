import { useId, useState } from "react";
import { ledgerKindLabels } from "~/core/admin";
import { type AdminRedemption, markPaidSchema, rejectRedemptionSchema } from "~/core/api/redemptions";
import { awaitingSecondAdmin, groupDigits, NEEDS_SECOND_ADMIN } from "~/core/dual-control";
import { payoutMethodLabels, redemptionStatuses, redemptionStatusLabels } from "~/core/redemptions";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent } from "~/web/components/ui/card";
import { Label } from "~/web/components/ui/label";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import {
  type QueueFilter,
  type RedemptionDecision,
  useDecideRedemption,
  useRedemptionQueue,
} from "../api/redemptions";
import { type Confirmation, useConfirm } from "./confirm-dialog";
import { TextAction } from "./text-action";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * Runs a decision after its confirmation (everything here moves money or coins back): the dialog states the effect,
 * and nothing is sent unless the administrator confirms it.
 */
function useDecision() {
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

function QueueItem({ r, selfId }: { r: AdminRedemption; selfId: string }) {
  const { run, busy, dialog } = useDecision();
  const canReject =
    r.status === "pending" || r.status === "failed" || (r.status === "approved" && r.provider === "manual");
  const own = r.user.id === selfId;
  const money = `$${r.dollars} (${groupDigits(r.coins)} coins)`;
  const payee = `${payoutMethodLabels[r.method]} to ${r.recipient}`;
  return (
    <li aria-label={`Redemption #${r.id}`}>
      {dialog}
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">{`#${r.id}: ${r.coins} Coins ($${r.dollars})`}</h2>
            <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm font-semibold">
              {redemptionStatusLabels[r.status]}
            </span>
          </div>
          {r.status === "approved" && r.provider === "manual" ? (
            <p className="text-sm font-medium">
              Next step: pay it outside the app, then record the payout's reference with 'Mark paid'.
            </p>
          ) : null}
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-muted-foreground">User</dt>
            <dd className="break-all">{r.user.email}</dd>
            <dt className="text-muted-foreground">Payout</dt>
            <dd className="break-all">{`${payoutMethodLabels[r.method]} to ${r.recipient}${r.provider ? ` (${r.provider})` : ""}`}</dd>
            <dt className="text-muted-foreground">Requested</dt>
            <dd>{dateFormat.format(new Date(r.createdAt))}</dd>
            <dt className="text-muted-foreground">KYC</dt>
            <dd>{r.user.kycStatus}</dd>
            <dt className="text-muted-foreground">Account age</dt>
            <dd>{`${r.user.accountAgeDays} days`}</dd>
            <dt className="text-muted-foreground">Earnings</dt>
            <dd>
              {r.user.earnings.length
                ? r.user.earnings
                    .map((e) => `${ledgerKindLabels[e.kind] ?? e.kind}: ${groupDigits(e.coins)} coins`)
                    .join(", ")
                : "none"}
            </dd>
            {r.reason ? (
              <>
                <dt className="text-muted-foreground">Reason</dt>
                <dd>{r.reason}</dd>
              </>
            ) : null}
            {r.reference ? (
              <>
                <dt className="text-muted-foreground">Reference</dt>
                <dd className="break-all">{r.reference}</dd>
              </>
            ) : null}
          </dl>
          {r.signals.length ? (
            <ul aria-label="Signals" className="list-disc pl-5 text-sm text-red-800 dark:text-red-300">
              {r.signals.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          ) : null}
          {own ? (
            <p role="note" className="text-sm">
              This is your own redemption: another administrator decides it.
            </p>
          ) : (
            <div className="flex flex-col gap-3">
              {r.status === "pending" && r.fourEyes.proposal ? (
                <p role="status" className="text-sm font-medium">
                  {awaitingSecondAdmin(r.fourEyes.proposal)}
                </p>
              ) : null}
              {r.status === "pending" && !r.fourEyes.proposal ? (
                <Button
                  disabled={busy}
                  onClick={() =>
                    run({ id: r.id, action: "approve" }, "Redemption Approved", {
                      title: `Approve redemption #${r.id}?`,
                      effect: `Pay ${money}: ${payee} for ${r.user.email}`,
                      notice: r.fourEyes.needsSecondAdmin ? NEEDS_SECOND_ADMIN : undefined,
                      detail: r.fourEyes.needsSecondAdmin
                        ? "This user's redemptions approved by one administrator alone in 24 hours would pass the dual-control limit: it is paid when a different administrator approves it under Proposals."
                        : r.provider === "tremendous" || r.provider === null
                          ? "With a payout provider configured the payout is ordered at once; with manual payouts it waits for you to pay it and 'Mark paid'."
                          : undefined,
                      confirmLabel: r.fourEyes.needsSecondAdmin
                        ? `Propose approval of #${r.id}`
                        : `Approve #${r.id}`,
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
                      detail:
                        "The user is e-mailed the reference. A paid redemption can no longer be rejected.",
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
                        effect: `+${groupDigits(r.coins)} coins back to ${r.user.email}; nothing is paid`,
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
            </div>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

/** The redemption queue (by default what needs an administrator): pending first, with what helps to judge each request, and the decisions. */
export function RedemptionQueue({ selfId }: { selfId: string }) {
  const [status, setStatus] = useState<QueueFilter | undefined>("open");
  const query = useRedemptionQueue(status);
  const filterId = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:w-64">
        <Label htmlFor={filterId}>Show</Label>
        <select
          id={filterId}
          value={status ?? "all"}
          onChange={(e) => setStatus(e.target.value === "all" ? undefined : (e.target.value as QueueFilter))}
          className="h-10 rounded-lg border border-input bg-card px-3 text-sm"
        >
          <option value="open">Needs action (pending, approved, payout failed)</option>
          <option value="all">All</option>
          {redemptionStatuses.map((s) => (
            <option key={s} value={s}>
              {redemptionStatusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={query} what="the redemptions">
        {query.data?.redemptions.length ? (
          <ul aria-label="Redemption queue" className="flex flex-col gap-4">
            {query.data.redemptions.map((r) => (
              <QueueItem key={r.id} r={r} selfId={selfId} />
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No redemptions to show.</p>
        )}
      </QueryState>
    </div>
  );
}
