import { BadgeCheck, Clock, ShieldQuestion, ShieldX } from "lucide-react";
import type { KycStatusResponse } from "~/core/api/kyc";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { Words } from "~/web/components/words";
import { cn } from "~/web/lib/cn";

const views = {
  none: {
    label: "Not submitted",
    icon: ShieldQuestion,
    text: "Submit your details below to verify your identity.",
    tone: "text-muted-foreground",
  },
  pending: {
    label: "Pending",
    icon: Clock,
    text: "Your documents are waiting for review. We will e-mail you when there is a decision.",
    tone: "text-amber-700 dark:text-amber-300",
  },
  approved: {
    label: "Approved",
    icon: BadgeCheck,
    text: "Your identity is verified.",
    tone: "text-green-700 dark:text-green-300",
  },
  rejected: {
    label: "Rejected",
    icon: ShieldX,
    text: "We could not verify your identity. You can correct this and submit again.",
    tone: "text-destructive dark:text-red-300",
  },
} as const;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** The user's verification status, with the reason of a rejection. */
export function KycStatusCard({ status }: { status: KycStatusResponse }) {
  const view = views[status.status];
  const Icon = view.icon;
  return (
    <Card className="mx-auto w-full max-w-lg" aria-labelledby="kyc-status-title">
      <CardHeader>
        <CardTitle as="h2" id="kyc-status-title">
          Verification status
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className={cn("flex items-center gap-2 text-xl font-bold", view.tone)} data-testid="kyc-status">
          <Icon aria-hidden="true" className="size-6" />
          {view.label}
        </p>
        <p>{view.text}</p>
        {status.status === "rejected" && status.reason ? (
          <p>
            <span className="font-semibold">Reason: </span>
            <Words text={status.reason} />
          </p>
        ) : null}
        {status.submittedAt ? (
          <p className="text-sm text-muted-foreground">
            {`Submitted ${formatDate(status.submittedAt)}${status.documentIdMasked ? ` · document ID ${status.documentIdMasked}` : ""}${status.decidedAt ? ` · decided ${formatDate(status.decidedAt)}` : ""}`}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
