import { paths } from "~/web/config/paths";

export interface ConsoleNavItem {
  to: string;
  label: string;
  /** Matches only the exact path (the overview), not the pages below it. */
  end?: boolean;
}

/**
 * The console's sub-navigation, in order. Areas with a console page (KYC queue, redemptions queue, referral
 * reviews) add one entry here and one child route under /admin in src/web/app/router.tsx.
 */
export const consoleNav: readonly ConsoleNavItem[] = [
  { to: paths.admin.getHref(), label: "Overview", end: true },
  { to: paths.adminUsers.getHref(), label: "Users" },
  { to: paths.adminReferrals.getHref(), label: "Referral reviews" },
  { to: paths.adminAudit.getHref(), label: "Audit log" },
];
