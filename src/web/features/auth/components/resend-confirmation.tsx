import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "~/web/components/ui/button";
import { referenceOf } from "~/web/lib/api-client";
import { lazyResolver } from "~/web/lib/lazy-resolver";
import { notify } from "~/web/lib/notify";
import { useSendVerificationEmail } from "../api/send-verification-email";
import type { EmailFormValues } from "./auth-schemas";
import { EmailField } from "./email-field";

export interface ResendConfirmationProps {
  /** The address to send to; without it the user types one. */
  email?: string;
  /** Label of the send button. */
  label?: string;
}

/** Asks for a new confirmation e-mail: one button for a known address, else an email field and the button. */
/** The address check (auth-resolvers.ts), loaded on the first submit. */
const resolver = lazyResolver<EmailFormValues, unknown, { email: string }>(() =>
  import("./auth-resolvers").then((m) => m.resendResolver),
);

export function ResendConfirmation({ email, label = "Resend confirmation email" }: ResendConfirmationProps) {
  const form = useForm<EmailFormValues>({
    defaultValues: { email: "" },
    resolver,
  });
  const [sent, setSent] = useState(false);
  const send = useSendVerificationEmail();
  const fieldId = useId();

  function submit({ email: typed }: EmailFormValues) {
    const to = (email ?? typed).trim();
    send.mutate(to, {
      onSuccess: () => {
        setSent(true);
        notify({
          title: "Confirmation Email Sent",
          description: "A new confirmation link has been sent to your email. Please verify to login.",
          duration: 10000,
        });
      },
      onError: (error) =>
        notify({
          title: "Confirmation Email Error",
          description: error.message,
          variant: "destructive",
          reference: referenceOf(error),
        }),
    });
  }

  return (
    <form method="post" onSubmit={form.handleSubmit(submit)} className="grid gap-3">
      {email === undefined ? <EmailField id={fieldId} field={form.register("email")} /> : null}
      <Button type="submit" variant="outline" disabled={send.isPending}>
        {send.isPending ? "Sending..." : label}
      </Button>
      {sent ? (
        <p role="status" className="text-sm text-muted-foreground">
          If the address belongs to an unconfirmed account, a new link is on its way.
        </p>
      ) : null}
    </form>
  );
}
