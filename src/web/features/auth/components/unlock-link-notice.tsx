import { AuthAlert } from "./auth-alert";

/**
 * Where the unlock link of a 'repeated sign-in attempts' mail lands (`/auth?unlocked=1` or
 * `/auth?unlockError=CODE`; docs/product.md, "Accounts and devices").
 */
export function UnlockLinkNotice({ unlocked, error }: { unlocked: boolean; error?: string | null }) {
  if (unlocked)
    return (
      <AuthAlert title="Sign-in unlocked" role="status" className="mx-auto mb-6 w-full max-w-md">
        <p>You can log in from this browser now.</p>
      </AuthAlert>
    );
  return (
    <AuthAlert
      title="This unlock link did not work"
      variant="error"
      role="alert"
      className="mx-auto mb-6 w-full max-w-md"
    >
      <p>
        {error === "USED_TOKEN"
          ? "The link was used already: each link works once."
          : "The link is invalid or has expired (links are valid for 1 hour)."}
      </p>
      <p>
        You can still log in from a browser you have used with this account before, or from any browser once
        the pause is over.
      </p>
    </AuthAlert>
  );
}
