import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "~/web/components/ui/button";
import { lazyResolver } from "~/web/lib/lazy-resolver";
import { notify } from "~/web/lib/notify";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { emailRequiredNotice } from "./auth-notices";
import type { EmailFormValues } from "./auth-schemas";
import { EmailField } from "./email-field";

/** An email field and a button that mail a new password-reset link (for a missing, used or expired link). */
/** The address check (auth-resolvers.ts), loaded on the first submit. */
const emailResolver = lazyResolver<EmailFormValues, unknown, EmailFormValues>(() =>
  import("./auth-resolvers").then((m) => m.emailFormResolver),
);

export function RequestResetLink() {
  const form = useForm<EmailFormValues>({
    defaultValues: { email: "" },
    resolver: emailResolver,
  });
  const [sent, setSent] = useState(false);
  const passwordReset = useRequestPasswordReset();
  const fieldId = useId();

  const submit = form.handleSubmit(
    ({ email }) => passwordReset.mutate(email, { onSuccess: () => setSent(true) }),
    () => notify(emailRequiredNotice),
  );

  return (
    <form method="post" onSubmit={submit} className="grid gap-3">
      <EmailField id={fieldId} field={form.register("email")} />
      <Button type="submit" disabled={passwordReset.isPending}>
        {passwordReset.isPending ? "Sending..." : "Send New Reset Link"}
      </Button>
      {sent ? (
        <p role="status" className="text-sm text-muted-foreground">
          If an account uses this address, a new reset link is on its way. It is valid for 1 hour.
        </p>
      ) : null}
    </form>
  );
}
