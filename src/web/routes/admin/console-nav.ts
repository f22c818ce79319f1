import { adminPaths } from "~/web/config/admin-paths";
import { paths } from "~/web/config/paths";

export interface ConsoleNavItem {
  to: string;
  label: string;
  /** Matches only the exact path (the overview), not the pages below it. */
  end?: boolean;
  /** Content editors see this entry too (every entry is an administrator's). */
  editors?: boolean;
}

/**
 * The console's sub-navigation, in order. Areas with a console page (KYC queue, redemptions queue, referral
 * reviews) add one entry here and one route in `consoleRoutes` (src/web/routes/admin.tsx).
 */
export const consoleNav: readonly ConsoleNavItem[] = [
  { to: paths.admin.getHref(), label: "Overview", end: true },
  { to: adminPaths.users.getHref(), label: "Users" },
  { to: adminPaths.redemptions.getHref(), label: "Redemptions" },
  { to: adminPaths.kyc.getHref(), label: "KYC review" },
  { to: adminPaths.referrals.getHref(), label: "Referral reviews" },
  { to: adminPaths.partners.getHref(), label: "Partners" },
  { to: adminPaths.proposals.getHref(), label: "Proposals" },
  { to: adminPaths.audit.getHref(), label: "Audit log" },
  { to: adminPaths.content.getHref(), label: "Content", editors: true },
];

/** The entries a role sees: a content editor only the content console (docs/product.md, "Content operations"). */
export const consoleNavFor = (role: "admin" | "editor") =>
  consoleNav.filter((item) => role === "admin" || item.editors === true);
