import { type FormEvent, useId, useState } from "react";
import { Button } from "~/web/components/ui/button";
import { notify } from "~/web/lib/notify";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { EmailField } from "./email-field";

/** An email field and a button that mail a new password-reset link (for a missing, used or expired link). */
export function RequestResetLink() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const passwordReset = useRequestPasswordReset();
  const fieldId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      notify({
        title: "Email Required",
        description: "Please enter your email address to reset password.",
        variant: "destructive",
      });
      return;
    }
    passwordReset.mutate(address, { onSuccess: () => setSent(true) });
  }

  return (
    <form onSubmit={submit} className="grid gap-3">
      <EmailField id={fieldId} value={email} onChange={setEmail} />
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
