import { type ReactNode, useId, useState } from "react";
import { adminReason } from "~/core/admin";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";

export interface ActionFormProps {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  variant?: "default" | "destructive";
  /** Fields shown above the reason; their values arrive in `onSubmit` as FormData. */
  fields?: (id: string) => ReactNode;
  /** Checks the other fields; a message stops the submit. */
  validate?: (data: FormData) => string | null;
  /** Makes the change; throws on failure (its message becomes the error notice). */
  onSubmit: (reason: string, data: FormData) => Promise<void>;
}

/** One administrative action: optional fields, a required reason and a submit button; the outcome as a notice. */
export function ActionForm({
  title,
  description,
  submitLabel,
  variant,
  fields,
  validate,
  onSubmit,
}: ActionFormProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const reason = adminReason.safeParse(String(data.get("reason") ?? ""));
    const problem =
      validate?.(data) ?? (reason.success ? null : (reason.error.issues[0]?.message ?? "Check the reason."));
    setError(problem);
    if (problem || !reason.success) return;
    setBusy(true);
    try {
      await onSubmit(reason.data, data);
      form.reset();
    } catch (err) {
      notify({
        title,
        description: err instanceof Error ? err.message : String(err),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3" noValidate aria-label={title}>
          {fields?.(id)}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Input
              id={`${id}-reason`}
              name="reason"
              maxLength={200}
              required
              aria-invalid={error ? true : undefined}
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div>
            <Button
              type="submit"
              variant={variant === "destructive" ? "destructive" : "default"}
              disabled={busy}
            >
              {busy ? "Processing..." : submitLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
