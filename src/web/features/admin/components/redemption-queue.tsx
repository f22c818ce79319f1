import { useId, useState } from "react";
import { ledgerKindLabels } from "~/core/admin";
import type { AdminRedemption, PayoutMode } from "~/core/api/redemptions";
import { formatCount } from "~/core/coins";
import { payoutMethodLabels, redemptionStatuses, redemptionStatusLabels } from "~/core/redemptions";
import { PagedList } from "~/web/components/paged-list";
import { Card, CardContent } from "~/web/components/ui/card";
import { Label } from "~/web/components/ui/label";
import { Words } from "~/web/components/words";
import { type QueueFilter, useRedemptionQueue } from "../api/redemptions";
import { RedemptionDecisions, useDecision } from "./redemption-decisions";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** What helps to judge a redemption: who asked, the payout, the user's KYC, age and earnings. */
function QueueFacts({ r }: { r: AdminRedemption }) {
  return (
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
      <dt className="text-muted-foreground">Earnings (90 days)</dt>
      <dd>
        {r.user.earnings.length
          ? r.user.earnings
              .map((e) => `${ledgerKindLabels[e.kind] ?? e.kind}: ${formatCount(e.coins)} coins`)
              .join(", ")
          : "none"}
      </dd>
      {r.reason ? (
        <>
          <dt className="text-muted-foreground">Reason</dt>
          <dd>
            <Words text={r.reason} />
          </dd>
        </>
      ) : null}
      {r.reference ? (
        <>
          <dt className="text-muted-foreground">Reference</dt>
          <dd className="break-all">
            <Words text={r.reference} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function QueueItem({
  r,
  selfId,
  payoutMode,
}: {
  r: AdminRedemption;
  selfId: string;
  payoutMode: PayoutMode;
}) {
  const { run, busy, dialog } = useDecision();
  const own = r.user.id === selfId;
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
          <QueueFacts r={r} />
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
            <RedemptionDecisions r={r} run={run} busy={busy} payoutMode={payoutMode} />
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
  // The pages are read one after another by key; a redemption that a decision moved between two reads shows once.
  const redemptions = [
    ...new Map(query.data?.pages.flatMap((p) => p.redemptions).map((r) => [r.id, r])).values(),
  ];
  const payoutMode = query.data?.pages[0]?.payoutMode ?? "manual";
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
      <PagedList
        query={query}
        what="the redemptions"
        count={redemptions.length}
        empty="No redemptions to show."
        loadMoreClassName="self-start"
      >
        <ul aria-label="Redemption queue" className="flex flex-col gap-4">
          {redemptions.map((r) => (
            <QueueItem key={r.id} r={r} selfId={selfId} payoutMode={payoutMode} />
          ))}
        </ul>
      </PagedList>
    </div>
  );
}
