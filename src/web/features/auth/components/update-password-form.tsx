import { useId, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/core/password-rules";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { paths } from "~/web/config/paths";
import { ApiError, referenceOf } from "~/web/lib/api-client";
import { lazyResolver } from "~/web/lib/lazy-resolver";
import { notify } from "~/web/lib/notify";
import { refreshSession } from "~/web/lib/session";
import { useResetPassword } from "../api/reset-password";
import type { updatePasswordSchema } from "./auth-schemas";
import { ConfirmPasswordField, PasswordField } from "./password-field";
import { ResetLinkProblem } from "./reset-link-problem";

/**
 * New Password + Confirm Password for the token of a reset mail. On success every session of the user is revoked
 * by the server, so the user logs in again at /auth with the new password.
 */
type Values = z.input<typeof updatePasswordSchema>;

/** The new password's checks (auth-resolvers.ts), loaded on the first submit. */
const resolver = lazyResolver<Values, unknown, z.output<typeof updatePasswordSchema>>(() =>
  import("./auth-resolvers").then((m) => m.updatePasswordResolver),
);

export function UpdatePasswordForm({ token }: { token: string }) {
  const form = useForm<Values>({
    defaultValues: { password: "", confirm: "" },
    resolver,
    // Errors stay until the next submit; typing in a field clears its own (and the password's clears the confirmation's).
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const [tokenRefused, setTokenRefused] = useState(false);
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const id = useId();

  /** A refused form (the field shows the problem and has the focus): the confirmation, then the password. */
  function refused(found: FieldErrors<Values>) {
    if (found.confirm?.message)
      notify({ title: "Error", description: found.confirm.message, variant: "destructive" });
    else if (found.password?.message)
      notify({
        title: "Password Update Failed",
        description: found.password.message,
        variant: "destructive",
      });
  }

  function update({ password }: Values) {
    if (resetPassword.isPending) return;
    resetPassword.mutate(
      { token, newPassword: password },
      {
        onSuccess: async () => {
          notify({
            title: "Password Updated",
            description: "Your password has been changed. Please log in with your new password.",
          });
          // The server signed out every session of this user, this browser's included.
          await refreshSession();
          await navigate(paths.auth.getHref(), { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "INVALID_TOKEN") setTokenRefused(true);
          else {
            if (error instanceof ApiError && error.code === "PASSWORD_TOO_COMMON")
              form.setError("password", { message: error.message });
            notify({
              title: "Password Update Failed",
              description: error.message,
              variant: "destructive",
              reference: referenceOf(error),
            });
          }
        },
      },
    );
  }

  if (tokenRefused) return <ResetLinkProblem reason="expired" />;

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h2">Choose a New Password</CardTitle>
        <CardDescription>
          After the change, every device signed in to your account is signed out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          // Submitted before the app runs, the browser posts it: a password never lands in a URL.
          method="post"
          onSubmit={form.handleSubmit(update, refused)}
          className="grid gap-4"
          aria-busy={resetPassword.isPending}
        >
          <PasswordField
            id={`${id}-new`}
            label="New Password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            error={errors.password?.message}
            {...form.register("password", { onChange: () => form.clearErrors(["password", "confirm"]) })}
          />
          <ConfirmPasswordField
            id={`${id}-confirm`}
            placeholder="Repeat your new password"
            error={errors.confirm?.message}
            field={form.register("confirm", { onChange: () => form.clearErrors("confirm") })}
          />
          <Button type="submit" size="lg" className="w-full" disabled={resetPassword.isPending}>
            {resetPassword.isPending ? "Processing..." : "Update Password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
