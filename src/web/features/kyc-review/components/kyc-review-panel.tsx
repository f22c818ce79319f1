import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Download, X } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { type KycDecisionInput, kycDecisionSchema } from "~/core/api/kyc";
import { KYC_COMPARED_AS_EXPLANATION, KYC_REASON_MAX } from "~/core/kyc";
import { revealHidden } from "~/core/words";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { Spinner } from "~/web/components/ui/spinner";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { useDecideKyc } from "../api/decide-kyc";
import { kycDocumentHref, useKycSubmission } from "../api/get-kyc-submission";
import { FourEyesNote } from "./four-eyes-note";
import { SameDocumentApproval } from "./same-document-approval";

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * One pending submission: the details, the document and the decision. An image document is shown inline next to
 * the name on file, so the two are compared at a glance; a PDF is downloaded (the server sends it as an attachment,
 * never opened by the browser's viewer inside the console). An administrator's own submission is shown without
 * the decision: another administrator decides it.
 */
export function KycReviewPanel({ id, selfId, onDone }: { id: string; selfId: string; onDone: () => void }) {
  const formId = useId();
  const query = useKycSubmission(id);
  const decide = useDecideKyc();
  // The rejection's form; approving needs no reason (src/core/api/kyc.ts `kycDecisionSchema`).
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
          notify(
            "proposal" in result
              ? {
                  title: "Approval Proposed",
                  description: `A different administrator must approve it (proposal #${result.proposal.id}).`,
                }
              : {
                  title: result.status === "approved" ? "KYC Approved" : "KYC Rejected",
                  description: "The user has been told by e-mail.",
                },
          );
          onDone();
        },
        onError: (error) =>
          notify({
            title: "Decision Not Saved",
            description: error.message,
            variant: "destructive",
            reference: referenceOf(error),
          }),
      },
    );
  }

  const reject = form.handleSubmit(send);

  if (query.isPending) return <Spinner label="Loading the submission" />;
  if (query.error) return <p role="alert">{`Could not load the submission: ${query.error.message}`}</p>;
  const s = query.data;
  const approveLabel = s.fourEyes.needsSecondAdmin ? "Propose approval" : "Approve";
  return (
    <Card aria-labelledby={`${formId}-title`}>
      <CardHeader>
        <CardTitle as="h2" id={`${formId}-title`}>
          {`Review: ${s.fullName}`}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Name on file</dt>
            <dd className="break-words text-base font-semibold">{s.fullName}</dd>
            <dt className="text-muted-foreground">E-mail</dt>
            <dd className="break-all">{s.email}</dd>
            <dt className="text-muted-foreground">Document ID as typed</dt>
            <dd className="break-all font-mono">
              <bdi>{revealHidden(s.documentId)}</bdi>
            </dd>
            <dt className="text-muted-foreground">Compared as</dt>
            <dd>
              <span className="break-all font-mono">{s.documentIdNormalised}</span>
              <span className="block text-xs text-muted-foreground">{KYC_COMPARED_AS_EXPLANATION}</span>
            </dd>
            <dt className="text-muted-foreground">Document</dt>
            <dd>{`${s.documentType}, ${kilobytes(s.documentSize)}`}</dd>
            <dt className="text-muted-foreground">Submitted</dt>
            <dd>{new Date(s.submittedAt).toLocaleString()}</dd>
          </dl>
          {!s.documentAvailable ? (
            <p>The document was deleted after the retention period.</p>
          ) : s.documentType.startsWith("image/") ? (
            <figure className="flex flex-col gap-1">
              <img
                src={kycDocumentHref(s.id)}
                alt={`Identity document submitted by ${s.fullName}`}
                className="max-h-96 w-full rounded-lg border object-contain"
              />
              <figcaption className="text-sm text-muted-foreground">{`The document, beside the name on file: ${s.fullName}`}</figcaption>
            </figure>
          ) : (
            <a
              href={kycDocumentHref(s.id)}
              download
              className="inline-flex items-center gap-2 self-start font-medium underline underline-offset-4"
            >
              <Download aria-hidden="true" className="size-4" />
              Download the document (PDF)
            </a>
          )}
        </div>
        {s.userId === selfId ? (
          <p role="note">This is your own submission: another administrator decides it.</p>
        ) : (
          <>
            <FourEyesNote fourEyes={s.fourEyes} />
            {s.sameDocumentAs.length > 0 ? (
              <SameDocumentApproval
                accounts={s.sameDocumentAs}
                disabled={decide.isPending}
                approveLabel={approveLabel}
                onApprove={(reason) => send({ decision: "approve", reason })}
              />
            ) : (
              <div className="flex flex-wrap gap-3">
                <Button onClick={() => send({ decision: "approve" })} disabled={decide.isPending}>
                  <Check aria-hidden="true" />
                  {approveLabel}
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
          </>
        )}
      </CardContent>
    </Card>
  );
}
