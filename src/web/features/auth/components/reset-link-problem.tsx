import { AppLink } from "~/web/components/ui/app-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { paths } from "~/web/config/paths";
import { AuthAlert } from "./auth-alert";
import { RequestResetLink } from "./request-reset-link";

export interface ResetLinkProblemProps {
  /** "missing": the page was opened without a link; "expired": the link is invalid, used or expired. */
  reason: "missing" | "expired";
}

/** /update-password without a usable token: says why and mails a new link. */
export function ResetLinkProblem({ reason }: ResetLinkProblemProps) {
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h2">Get a New Reset Link</CardTitle>
        <CardDescription>
          Enter the email address of your account and we will send you a link to choose a new password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {reason === "expired" ? (
          <AuthAlert title="This password reset link is invalid or has expired" variant="error" role="alert">
            <p>Reset links work once and are valid for 1 hour. Request a new one below.</p>
          </AuthAlert>
        ) : (
          <p className="text-sm text-muted-foreground">
            To change your password, open the link from your password reset email.
          </p>
        )}
        <RequestResetLink />
        <p className="text-center text-sm text-muted-foreground">
          Remembered it?{" "}
          <AppLink
            to={paths.auth.getHref()}
            className="font-semibold text-brand underline-offset-4 hover:underline"
          >
            Back to login
          </AppLink>
        </p>
      </CardContent>
    </Card>
  );
}
