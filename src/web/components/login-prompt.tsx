import { LogIn } from "lucide-react";
import type { ReactNode } from "react";
import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { useLoginHref } from "~/web/lib/use-login-href";

export interface LoginPromptProps {
  /** The page's guest text, e.g. 'Please log in to view your wallet.' */
  message: ReactNode;
  /** The link's label; 'Log in' unless the spec names another (the referral page: 'Login / Register'). */
  linkLabel?: string;
  children?: ReactNode;
}

/** A guest's view of a page that needs an account: the message and a link to /auth that comes back here. */
export function LoginPrompt({ message, linkLabel = "Log in", children }: LoginPromptProps) {
  const href = useLoginHref();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border bg-card p-8 text-center shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
        <LogIn aria-hidden="true" className="size-6" />
      </span>
      <p className="text-lg font-medium text-pretty">{message}</p>
      {children}
      <AppLink to={href} className={buttonVariants()}>
        {linkLabel}
      </AppLink>
    </div>
  );
}
