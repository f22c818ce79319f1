import { Banknote } from "lucide-react";
import type { Redemption } from "~/core/api/redemptions";
import {
  payoutMethodLabels,
  redemptionNotices,
  redemptionStatusLabels,
  redemptionTimeline,
} from "~/core/redemptions";
import { Button } from "~/web/components/ui/button";
import { SectionCard } from "~/web/components/ui/section-card";
import { Spinner } from "~/web/components/ui/spinner";
import { Words } from "~/web/components/words";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";
import { notify } from "~/web/lib/notify";
import { useRedemptions } from "../api/get-redemptions";
import { useCancelRedemption } from "../api/request-redemption";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Requested → approved → paid (or rejected, cancelled), each with its date; steps still to come say so. */
function Timeline({ r }: { r: Redemption }) {
  return (
    <ol
      aria-label={`Timeline of redemption #${r.id}`}
      className="flex flex-wrap gap-x-2 text-sm text-muted-foreground"
    >
      {redemptionTimeline(r).map((step, i) => (
        <li key={step.label} className="flex gap-2">
          {i > 0 ? <span aria-hidden="true">→</span> : null}
          <span>
            {`${step.label} `}
            {step.at ? (
              <time dateTime={step.at}>{dateFormat.format(new Date(step.at))}</time>
            ) : step.done ? null : (
              <span>(not yet)</span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

const statusStyle: Record<Redemption["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  approved: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  paid: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  rejected: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  cancelled: "bg-muted text-muted-foreground",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

function RedemptionRow({ r }: { r: Redemption }) {
  const cancel = useCancelRedemption();
  function onCancel() {
    cancel.mutate(r.id, {
      onSuccess: (answer) => notify(redemptionNotices.cancelled(answer.redemption.coins)),
      onError: (error) =>
        notify({
          title: "Could Not Cancel",
          description: error instanceof ApiError ? error.message : String(error),
          reference: referenceOf(error),
          variant: "destructive",
        }),
    });
  }
  return (
    <li
      aria-label={`Redemption #${r.id}`}
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0">
        <p className="font-medium">
          {`#${r.id}: ${r.coins} Coins ($${r.dollars}) by ${payoutMethodLabels[r.method]}`}
        </p>
        <p className="text-sm break-all text-muted-foreground">{`To ${r.recipient}`}</p>
        <Timeline r={r} />
        {r.reason ? (
          <p className="text-sm">
            {"Reason: "}
            <Words text={r.reason} />
          </p>
        ) : null}
        {r.status === "paid" && r.reference ? (
          <p className="text-sm text-muted-foreground">
            {"Reference: "}
            <Words text={r.reference} />
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <span className={cn("rounded-full px-2.5 py-0.5 text-sm font-semibold", statusStyle[r.status])}>
          {redemptionStatusLabels[r.status]}
        </span>
        {r.status === "pending" ? (
          <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={onCancel}>
            {`Cancel #${r.id}`}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** 'Your Redemptions': status, amount, dollars, method, dates and any reason; pending ones can be cancelled. */
export function RedemptionList({ userId }: { userId: string }) {
  const query = useRedemptions(userId);
  const list = query.data?.redemptions ?? [];
  return (
    <SectionCard icon={Banknote} title="Your Redemptions">
      {query.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading your redemptions" />
        </div>
      ) : query.error ? (
        <p role="alert">{`Could not load your redemptions: ${query.error.message}`}</p>
      ) : list.length === 0 ? (
        <p className="py-2 text-muted-foreground">No redemptions yet.</p>
      ) : (
        <ul aria-label="Redemptions" className="divide-y">
          {list.map((r) => (
            <RedemptionRow key={r.id} r={r} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
