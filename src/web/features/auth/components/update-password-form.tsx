import { type FormEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { paths } from "~/web/config/paths";
import { ApiError } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { refreshSession } from "~/web/lib/session";
import { useResetPassword } from "../api/reset-password";
import { commonPasswordProblem } from "./common-password";
import { PasswordField } from "./password-field";
import { ResetLinkProblem } from "./reset-link-problem";

/**
 * New Password + Confirm Password for the token of a reset mail. On success every session of the user is revoked
 * by the server, so the user logs in again at /auth with the new password.
 */
export function UpdatePasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null);
  const [tokenRefused, setTokenRefused] = useState(false);
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const confirmRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resetPassword.isPending) return;
    if (password !== confirm) {
      setMismatch(true);
      notify({ title: "Error", description: "Passwords do not match.", variant: "destructive" });
      confirmRef.current?.focus();
      return;
    }
    void update();
  }

  async function update() {
    const problem = await commonPasswordProblem(password);
    if (problem) {
      setPasswordProblem(problem);
      notify({ title: "Password Update Failed", description: problem, variant: "destructive" });
      passwordRef.current?.focus();
      return;
    }
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
              setPasswordProblem(error.message);
            notify({ title: "Password Update Failed", description: error.message, variant: "destructive" });
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
        <form onSubmit={submit} className="grid gap-4" aria-busy={resetPassword.isPending}>
          <PasswordField
            ref={passwordRef}
            id={`${id}-new`}
            label="New Password"
            required
            minLength={6}
            maxLength={128}
            autoComplete="new-password"
            placeholder="At least 6 characters"
            value={password}
            error={passwordProblem ?? undefined}
            onChange={(e) => {
              setPassword(e.target.value);
              setMismatch(false);
              setPasswordProblem(null);
            }}
          />
          <PasswordField
            ref={confirmRef}
            id={`${id}-confirm`}
            label="Confirm Password"
            required
            maxLength={128}
            autoComplete="new-password"
            placeholder="Repeat your new password"
            value={confirm}
            error={mismatch ? "Passwords do not match." : undefined}
            onChange={(e) => {
              setConfirm(e.target.value);
              setMismatch(false);
            }}
          />
          <Button type="submit" size="lg" className="w-full" disabled={resetPassword.isPending}>
            {resetPassword.isPending ? "Processing..." : "Update Password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
