import { zodResolver } from "@hookform/resolvers/zod";
import { Check, ExternalLink, X } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { KYC_REASON_MAX, type KycDecisionInput, kycDecisionSchema } from "~/core/kyc";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/lib/notify";
import { useDecideKyc } from "../api/decide-kyc";
import { kycDocumentHref, useKycSubmission } from "../api/get-kyc-submission";
import { SameDocumentApproval } from "./same-document-approval";

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One pending submission: the details, the document (opened in a new tab) and the decision. */
export function KycReviewPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const formId = useId();
  const query = useKycSubmission(id);
  const decide = useDecideKyc();
  // The rejection's form; approving needs no reason (src/core/kyc.ts `kycDecisionSchema`).
  const form = useForm({
    defaultValues: { decision: "reject" as const, reason: "" },
    resolver: zodResolver(kycDecisionSchema),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const reasonError = form.formState.errors.reason?.message;

  function send(decision: KycDecisionInput) {
    form.clearErrors();
    decide.mutate(
      {
        id,
        decision:
          decision.decision === "approve"
            ? { decision: "approve", ...(decision.reason ? { reason: decision.reason } : {}) }
            : decision,
      },
      {
        onSuccess: (result) => {
          notify({
            title: result.status === "approved" ? "KYC Approved" : "KYC Rejected",
            description: "The user has been told by e-mail.",
          });
          onDone();
        },
        onError: (error) =>
          notify({ title: "Decision Not Saved", description: error.message, variant: "destructive" }),
      },
    );
  }

  const reject = form.handleSubmit(send);

  if (query.isPending) return <Spinner label="Loading the submission" />;
  if (query.error) return <p role="alert">{`Could not load the submission: ${query.error.message}`}</p>;
  const s = query.data;
  return (
    <Card aria-labelledby={`${formId}-title`}>
      <CardHeader>
        <CardTitle as="h2" id={`${formId}-title`}>
          {`Review: ${s.fullName}`}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">E-mail</dt>
          <dd className="break-all">{s.email}</dd>
          <dt className="text-muted-foreground">Full name</dt>
          <dd className="break-words">{s.fullName}</dd>
          <dt className="text-muted-foreground">Document ID</dt>
          <dd className="break-all font-mono">{s.documentId}</dd>
          <dt className="text-muted-foreground">Document</dt>
          <dd>{`${s.documentType}, ${kilobytes(s.documentSize)}`}</dd>
          <dt className="text-muted-foreground">Submitted</dt>
          <dd>{new Date(s.submittedAt).toLocaleString()}</dd>
        </dl>
        {s.documentAvailable ? (
          <a
            href={kycDocumentHref(s.id)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 self-start font-medium underline underline-offset-4"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Open the document (new tab)
          </a>
        ) : (
          <p>The document was deleted after the retention period.</p>
        )}
        {s.sameDocumentAs.length > 0 ? (
          <SameDocumentApproval
            accounts={s.sameDocumentAs}
            disabled={decide.isPending}
            onApprove={(reason) => send({ decision: "approve", reason })}
          />
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => send({ decision: "approve" })} disabled={decide.isPending}>
              <Check aria-hidden="true" />
              Approve
            </Button>
          </div>
        )}
        <form onSubmit={reject} noValidate className="flex flex-col gap-2">
          <Label htmlFor={`${formId}-reason`}>Reason for rejection (shown to the user)</Label>
          <Input
            id={`${formId}-reason`}
            maxLength={KYC_REASON_MAX}
            {...form.register("reason")}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${formId}-reason-error` : undefined}
          />
          <FieldError id={`${formId}-reason-error`} message={reasonError} />
          <Button type="submit" variant="outline" className="self-start" disabled={decide.isPending}>
            <X aria-hidden="true" />
            Reject
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
