import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { type ComponentProps, useId } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod";
import { formatMegabytes, KYC_ACCEPTED_DOCUMENTS, KYC_REVIEW_TIME, kycDocumentTypes } from "~/core/kyc";
import { settingText } from "~/core/public-settings";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent } from "~/web/components/ui/card";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { publicSettings } from "~/web/lib/public-settings";
import { useSubmitKyc } from "../api/submit-kyc";
import { CHOOSE_FILE, kycFormSchema } from "./kyc-form-schema";

type Field = "fullName" | "documentId" | "documentUpload";

const FILE_CODES = new Set(["KYC_FILE_TYPE", "KYC_FILE_EMPTY", "KYC_FILE_TOO_LARGE"]);

/** A labelled, required input of the form with its error under it (linked and marked invalid). */
function FormField({
  id,
  name,
  label,
  error,
  ...input
}: { id: string; name: Field; label: string; error: string | undefined } & ComponentProps<"input">) {
  const errorId = `${id}-${name}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type Values = z.input<ReturnType<typeof kycFormSchema>>;
type Submission = z.output<ReturnType<typeof kycFormSchema>>;

/** The KYC form: full name, document id and the document (JPEG, PNG, WebP or PDF), sent for review. */
export function KycForm({ maxUploadBytes, resubmit }: { maxUploadBytes: number; resubmit: boolean }) {
  const id = useId();
  const mutation = useSubmitKyc();
  const form = useForm<Values, unknown, Submission>({
    defaultValues: { fullName: "", documentId: "" },
    resolver: zodResolver(kycFormSchema(maxUploadBytes)),
    // As before: every problem stays under its field until the next submit; the notice names the first.
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  function refused(found: FieldErrors<Values>) {
    const first = (["fullName", "documentId", "documentUpload"] as const).find((f) => found[f]);
    notify({
      title: "Please Check the Form",
      description: (first && found[first]?.message) || CHOOSE_FILE,
      variant: "destructive",
    });
  }

  function submit(submission: Submission) {
    mutation.mutate(submission, {
      onSuccess: () => {
        form.reset();
        notify({
          title: "KYC Submitted",
          description: "Thank you! Your documents will be reviewed; the result will show on this page.",
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && FILE_CODES.has(error.code)) {
          form.clearErrors();
          form.setError("documentUpload", { message: error.message });
        }
        notify({
          title: "KYC Not Submitted",
          description: error.message,
          variant: "destructive",
          reference: referenceOf(error),
        });
      },
    });
  }

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="pt-6">
        <form
          onSubmit={form.handleSubmit(submit, refused)}
          noValidate
          className="grid gap-5"
          aria-label="Identity verification"
        >
          <FormField
            id={id}
            label="Full Name"
            error={errors.fullName?.message}
            autoComplete="name"
            {...form.register("fullName")}
          />
          <FormField
            id={id}
            label="Document ID"
            error={errors.documentId?.message}
            autoComplete="off"
            {...form.register("documentId")}
          />
          <FormField
            id={id}
            label="Document Upload (image or PDF)"
            error={errors.documentUpload?.message}
            // A file picked anew is checked at once: a fit one clears the last refusal, an unfit one says why.
            {...form.register("documentUpload", { onChange: () => void form.trigger("documentUpload") })}
            type="file"
            accept={kycDocumentTypes.join(",")}
            className="h-auto py-2"
          />
          <p className="text-sm text-muted-foreground">
            {`Accepted: ${KYC_ACCEPTED_DOCUMENTS}, up to ${formatMegabytes(maxUploadBytes)}. A review usually takes ${KYC_REVIEW_TIME}; we e-mail you the decision. Your document is stored encrypted, seen only by our reviewers and deleted ${settingText(publicSettings(), "kycRetentionDays")} after their decision.`}
          </p>
          <Button type="submit" size="lg" disabled={mutation.isPending}>
            <Send aria-hidden="true" />
            {mutation.isPending ? "Submitting…" : resubmit ? "Submit Again" : "Submit for Verification"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
