import { Send } from "lucide-react";
import { type ComponentProps, type FormEvent, useId, useState } from "react";
import { formatMegabytes, kycDocumentTypes, kycFieldsSchema } from "~/core/kyc";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent } from "~/web/components/ui/card";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { ApiError } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { useSubmitKyc } from "../api/submit-kyc";

type Field = "fullName" | "documentId" | "documentUpload";
type Errors = Partial<Record<Field, string>>;

const FILE_CODES = new Set(["KYC_FILE_TYPE", "KYC_FILE_EMPTY", "KYC_FILE_TOO_LARGE"]);
const CHOOSE_FILE = "Please choose a photo or scan of your identity document.";

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

/** What the form can tell before sending: the trimmed fields, and a file of an accepted size. */
function check(data: FormData, maxUploadBytes: number) {
  const errors: Errors = {};
  const fields = kycFieldsSchema.safeParse({
    fullName: data.get("fullName"),
    documentId: data.get("documentId"),
  });
  if (!fields.success)
    for (const issue of fields.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  const file = data.get("documentUpload");
  const upload = file instanceof File && file.name !== "" ? file : null;
  if (!upload) errors.documentUpload = CHOOSE_FILE;
  else if (upload.size === 0) errors.documentUpload = "The chosen file is empty.";
  else if (upload.size > maxUploadBytes)
    errors.documentUpload = `The document is too large: at most ${formatMegabytes(maxUploadBytes)}.`;
  return { errors, fields: fields.success ? fields.data : null, upload };
}

/** The KYC form: full name, document id and the document (JPEG, PNG, WebP or PDF), sent for review. */
export function KycForm({ maxUploadBytes, resubmit }: { maxUploadBytes: number; resubmit: boolean }) {
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useSubmitKyc();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { errors: found, fields, upload } = check(new FormData(form), maxUploadBytes);
    setErrors(found);
    if (!fields || !upload || Object.keys(found).length > 0) {
      notify({
        title: "Please Check the Form",
        description: Object.values(found)[0] ?? CHOOSE_FILE,
        variant: "destructive",
      });
      return;
    }
    mutation.mutate(
      { ...fields, documentUpload: upload },
      {
        onSuccess: () => {
          form.reset();
          notify({
            title: "KYC Submitted",
            description: "Thank you! Your documents will be reviewed; the result will show on this page.",
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && FILE_CODES.has(error.code))
            setErrors({ documentUpload: error.message });
          notify({ title: "KYC Not Submitted", description: error.message, variant: "destructive" });
        },
      },
    );
  }

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="pt-6">
        <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Identity verification">
          <FormField id={id} name="fullName" label="Full Name" error={errors.fullName} autoComplete="name" />
          <FormField
            id={id}
            name="documentId"
            label="Document ID"
            error={errors.documentId}
            autoComplete="off"
          />
          <FormField
            id={id}
            name="documentUpload"
            label="Document Upload (image or PDF)"
            error={errors.documentUpload}
            type="file"
            accept={kycDocumentTypes.join(",")}
            className="h-auto py-2"
          />
          <p className="text-sm text-muted-foreground">
            {`JPEG, PNG, WebP or PDF, up to ${formatMegabytes(maxUploadBytes)}. Your document is stored encrypted, seen only by our reviewers and deleted some time after their decision.`}
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
