import { zodResolver } from "@hookform/resolvers/zod";
import { Check, TriangleAlert } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { KycSameDocumentAccount } from "~/core/api/kyc";
import { KYC_REASON_MAX, KYC_SAME_DOCUMENT_REASON_MESSAGE } from "~/core/kyc";
import { AppLink } from "~/web/components/ui/app-link";
import { Button } from "~/web/components/ui/button";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { adminPaths } from "~/web/config/admin-paths";

const approvalSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, KYC_SAME_DOCUMENT_REASON_MESSAGE)
    .max(KYC_REASON_MAX, `The reason can be at most ${KYC_REASON_MAX} characters.`),
});

const STATUS: Record<KycSameDocumentAccount["status"], string> = {
  pending: "waiting for review",
  approved: "approved",
  rejected: "rejected",
};

/**
 * One identity, one account (docs/product.md, "KYC"): the other accounts that submitted the same document number,
 * and an approval that needs a reason (the server refuses one without).
 */
export function SameDocumentApproval({
  accounts,
  disabled,
  approveLabel,
  onApprove,
}: {
  accounts: KycSameDocumentAccount[];
  disabled: boolean;
  /** 'Approve', or 'Propose approval' when it needs a second administrator. */
  approveLabel: string;
  onApprove: (reason: string) => void;
}) {
  const id = useId();
  const form = useForm({
    defaultValues: { reason: "" },
    resolver: zodResolver(approvalSchema),
    reValidateMode: "onSubmit",
  });
  const reasonError = form.formState.errors.reason?.message;
  const approve = form.handleSubmit(({ reason }) => onApprove(reason));
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-destructive/60 bg-destructive/10 p-4 text-sm"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4" />
        Same document number as another account
      </h3>
      <ul className="grid gap-1">
        {accounts.map((a) => (
          <li key={a.userId} className="break-all">
            {"Same document as "}
            <AppLink
              to={adminPaths.user.getHref(a.userId)}
              className="font-medium underline underline-offset-4"
            >
              {a.email}
            </AppLink>
            {` (${STATUS[a.status]})`}
          </li>
        ))}
      </ul>
      <form onSubmit={approve} noValidate className="flex flex-col gap-2">
        <Label htmlFor={`${id}-reason`}>Reason for approving (recorded in the audit log)</Label>
        <Input
          id={`${id}-reason`}
          maxLength={KYC_REASON_MAX}
          {...form.register("reason")}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        />
        <FieldError id={`${id}-reason-error`} message={reasonError} />
        <Button type="submit" className="self-start" disabled={disabled}>
          <Check aria-hidden="true" />
          {approveLabel}
        </Button>
      </form>
    </section>
  );
}
