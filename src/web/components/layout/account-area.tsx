import { useState } from "react";
import { useNavigate } from "react-router";
import { CoinLogo } from "~/web/components/layout/coin-logo";
import type { HeaderSession } from "~/web/components/layout/header-session";
import { UserMenu } from "~/web/components/layout/user-menu";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { InboxMenu } from "~/web/features/messages/components/inbox-menu";
import { useBalance } from "~/web/lib/balance";

/**
 * The signed-in end of the header: the spec's 'N Coins' and 'Logout', with the user menu between them. Loaded only
 * once someone is signed in (site-header.tsx), so a guest's first load carries none of it.
 */
export function AccountArea({ session }: { session: HeaderSession }) {
  // The balance, and the referral bonus coins that have not cleared yet (shown beside it when not 0).
  const { balance, pending } = useBalance();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  function logout() {
    setIsLoggingOut(true);
    void import("~/web/lib/logout").then((m) => m.logout(navigate)).finally(() => setIsLoggingOut(false));
  }

  return (
    <>
      {/* The pending coins sit under the balance, inside its pill: on a phone the header stays one row. */}
      <span className="inline-flex h-9 items-center gap-1.5 rounded-full bg-brand-soft px-2 text-sm sm:px-3 font-semibold whitespace-nowrap tabular-nums">
        <CoinLogo size="xs" />
        <span className="flex flex-col leading-tight">
          <span>{`${balance} Coins`}</span>
          {pending > 0 ? (
            <span className="text-[11px] font-normal text-muted-foreground">{`+${pending} pending`}</span>
          ) : null}
        </span>
      </span>
      <InboxMenu owner={session.email} />
      <UserMenu email={session.email} onLogout={logout} isLoggingOut={isLoggingOut} />
      <button
        type="button"
        onClick={logout}
        disabled={isLoggingOut}
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        Logout
      </button>
    </>
  );
}
