import { clsx } from "clsx";
import { lazy, Suspense } from "react";
import { CoinLogo } from "~/web/components/layout/coin-logo";
import type { HeaderSession } from "~/web/components/layout/header-session";
import { AppLink, AppNavLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { APP_NAME } from "~/web/config/app";
import { paths } from "~/web/config/paths";

// Only signed-in users get the balance, the user menu and Logout: their chunk (with Radix DropdownMenu) stays out
// of a guest's first load (docs/decisions/003-web-bundle-budget.md).
const AccountArea = lazy(() =>
  import("~/web/components/layout/account-area").then((m) => ({ default: m.AccountArea })),
);

/** The account area's room while the session or its chunk is on the way. */
const reserved = <span aria-hidden="true" className="h-9" />;

export interface SiteHeaderProps {
  /** The signed-in user, or null for a guest. */
  session: HeaderSession | null;
  /** True until the first session check answers: the account area keeps its room but shows nothing yet. */
  sessionPending?: boolean;
}

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

const guestLinks: readonly NavItem[] = [
  { to: paths.home.getHref(), label: "Home", end: true },
  { to: paths.games.getHref(), label: "Games" },
  { to: paths.quizzes.getHref(), label: "Quizzes" },
  { to: paths.videos.getHref(), label: "Videos" },
];

// Signed in: the partners' offers and the wallet too.
const memberLinks: readonly NavItem[] = [
  ...guestLinks,
  { to: paths.offers.getHref(), label: "Offers" },
  { to: paths.wallet.getHref(), label: "Wallet" },
];
const adminLinks: readonly NavItem[] = [...memberLinks, { to: paths.admin.getHref(), label: "Admin" }];

function navLinkClass({ isActive }: { isActive: boolean }) {
  return clsx(
    "inline-flex h-9 items-center rounded-lg px-2 text-sm font-medium transition-colors sm:px-3",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    isActive ? "bg-brand-soft text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
  );
}

/** The top bar of docs/product.md. The layout passes the session; the account area (its own chunk) shows the balance and logs out. */
export function SiteHeader({ session, sessionPending = false }: SiteHeaderProps) {
  const links = session
    ? session.role === "admin" || session.role === "editor"
      ? adminLinks
      : memberLinks
    : guestLinks;
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur-md">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-3 sm:gap-x-6 py-2 sm:px-6 md:h-16 md:flex-nowrap md:py-0">
        <AppLink
          to={paths.home.getHref()}
          className="flex h-10 items-center gap-2 rounded-lg text-base font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <CoinLogo />
          {/* Signed in on a phone, the balance and Logout need the room: the name stays for screen readers. */}
          <span className={session ? "max-sm:sr-only" : undefined}>{APP_NAME}</span>
        </AppLink>
        {/* On a phone the links are one row that scrolls sideways (with room for the focus ring), so the header is
            as tall for a player's six links as for a guest's four: nothing below moves when the session arrives. */}
        <nav aria-label="Main" className="order-last -mx-3 w-full md:order-none md:mx-0 md:w-auto">
          <ul className="flex items-center gap-0.5 overflow-x-auto p-1 [scrollbar-width:none] sm:flex-wrap sm:gap-1 sm:overflow-visible sm:p-0">
            {links.map((link) => (
              <li key={link.to}>
                <AppNavLink to={link.to} end={link.end} className={navLinkClass}>
                  {link.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* The prerendered page and the first render do not know the session yet: reserve the balance and
            Logout's room (min-w), so nothing moves when the signed-in state appears. */}
        <div className="ml-auto flex shrink-0 items-center justify-end gap-1 sm:min-w-48 sm:gap-2">
          {sessionPending ? (
            reserved
          ) : session ? (
            <Suspense fallback={reserved}>
              <AccountArea session={session} />
            </Suspense>
          ) : (
            <AppLink to={paths.auth.getHref()} className={buttonVariants({ size: "sm" })}>
              Login/Register
            </AppLink>
          )}
        </div>
      </div>
    </header>
  );
}
