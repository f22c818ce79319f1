import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import {
  type AdminRedemption,
  markPaidSchema,
  payoutMethodLabels,
  type RedemptionStatus,
  redemptionStatuses,
  redemptionStatusLabels,
  rejectRedemptionSchema,
} from "~/core/redemptions";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent } from "~/web/components/ui/card";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { ApiError } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { type RedemptionDecision, useDecideRedemption, useRedemptionQueue } from "../api/redemptions";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function useDecision() {
  const decide = useDecideRedemption();
  const run = (decision: RedemptionDecision, done: string) =>
    decide.mutate(decision, {
      onSuccess: ({ redemption }) =>
        notify({
          title: done,
          description: `Redemption #${redemption.id} is ${redemptionStatusLabels[redemption.status].toLowerCase()}.`,
        }),
      onError: (error) =>
        notify({
          title: "Action Failed",
          description: error instanceof ApiError ? error.message : String(error),
          variant: "destructive",
        }),
    });
  return { run, busy: decide.isPending };
}

/** A text field and a button, for the reason of a rejection or the reference of a manual payout. */
function TextAction({
  label,
  button,
  minLength,
  maxLength,
  onSubmit,
  busy,
}: {
  label: string;
  button: string;
  minLength: number;
  /** The server's limit, so a longer text cannot be typed. */
  maxLength: number;
  onSubmit: (value: string) => void;
  busy: boolean;
}) {
  const id = useId();
  const form = useForm({
    defaultValues: { value: "" },
    resolver: zodResolver(z.object({ value: z.string().trim().min(minLength) })),
    shouldFocusError: false,
  });
  const submit = form.handleSubmit(
    ({ value }) => onSubmit(value),
    () =>
      notify({
        title: "Missing Text",
        description: `${label}: at least ${minLength} characters.`,
        variant: "destructive",
      }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-1">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} maxLength={maxLength} {...form.register("value")} />
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {button}
      </Button>
    </form>
  );
}

function QueueItem({ r }: { r: AdminRedemption }) {
  const { run, busy } = useDecision();
  const canReject =
    r.status === "pending" || r.status === "failed" || (r.status === "approved" && r.provider === "manual");
  return (
    <li aria-label={`Redemption #${r.id}`}>
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">{`#${r.id}: ${r.coins} Coins ($${r.dollars})`}</h2>
            <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm font-semibold">
              {redemptionStatusLabels[r.status]}
            </span>
          </div>
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
                ? r.user.earnings.map((e) => `${e.kind} ${e.coins}`).join(", ")
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
          <div className="flex flex-col gap-3">
            {r.status === "pending" ? (
              <Button
                disabled={busy}
                onClick={() => run({ id: r.id, action: "approve" }, "Redemption Approved")}
              >
                {`Approve #${r.id}`}
              </Button>
            ) : null}
            {r.status === "failed" ? (
              <Button disabled={busy} onClick={() => run({ id: r.id, action: "retry" }, "Payout Retried")}>
                {`Retry payout #${r.id}`}
              </Button>
            ) : null}
            {r.status === "approved" && r.provider !== null && r.provider !== "manual" ? (
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => run({ id: r.id, action: "recheck" }, "Payout Check Queued")}
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
                onSubmit={(reference) => run({ id: r.id, action: "mark-paid", reference }, "Redemption Paid")}
              />
            ) : null}
            {canReject ? (
              <TextAction
                label="Reason for rejecting"
                button={`Reject #${r.id}`}
                minLength={rejectRedemptionSchema.shape.reason.minLength ?? 3}
                maxLength={rejectRedemptionSchema.shape.reason.maxLength ?? 500}
                busy={busy}
                onSubmit={(reason) => run({ id: r.id, action: "reject", reason }, "Redemption Rejected")}
              />
            ) : null}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** The redemption queue: pending first, with what helps to judge each request, and the decisions. */
export function RedemptionQueue() {
  const [status, setStatus] = useState<RedemptionStatus | undefined>("pending");
  const query = useRedemptionQueue(status);
  const filterId = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:w-64">
        <Label htmlFor={filterId}>Show</Label>
        <select
          id={filterId}
          value={status ?? "all"}
          onChange={(e) =>
            setStatus(e.target.value === "all" ? undefined : (e.target.value as RedemptionStatus))
          }
          className="h-10 rounded-lg border border-input bg-card px-3 text-sm"
        >
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
              <QueueItem key={r.id} r={r} />
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No redemptions to show.</p>
        )}
      </QueryState>
    </div>
  );
}
