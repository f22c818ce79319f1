import { ShieldAlert, ShieldCheck } from "lucide-react";
import { lazy } from "react";
import { useRoutes } from "react-router";
import { Page } from "~/web/components/layout/page";
import { SessionGate } from "~/web/components/session-gate";
import { AppNavLink } from "~/web/components/ui/app-link";
import { adminPaths } from "~/web/config/admin-paths";
import { cn } from "~/web/lib/cn";
import type { SessionUser } from "~/web/lib/session";
import { consoleNavFor } from "./admin/console-nav";

const OverviewRoute = lazy(() =>
  import("~/web/routes/admin/overview").then((m) => ({ default: m.AdminOverviewRoute })),
);
const UsersRoute = lazy(() =>
  import("~/web/routes/admin/users").then((m) => ({ default: m.AdminUsersRoute })),
);
const UserRoute = lazy(() => import("~/web/routes/admin/user").then((m) => ({ default: m.AdminUserRoute })));
const RedemptionsRoute = lazy(() =>
  import("~/web/routes/admin/redemptions").then((m) => ({ default: m.AdminRedemptionsRoute })),
);
const KycReviewRoute = lazy(() =>
  import("~/web/routes/admin/kyc").then((m) => ({ default: m.AdminKycRoute })),
);
const ReferralReviewsRoute = lazy(() =>
  import("~/web/routes/admin/referrals").then((m) => ({ default: m.AdminReferralsRoute })),
);
const PartnersRoute = lazy(() =>
  import("~/web/routes/admin/partners").then((m) => ({ default: m.AdminPartnersRoute })),
);
const ProposalsRoute = lazy(() =>
  import("~/web/routes/admin/proposals").then((m) => ({ default: m.AdminProposalsRoute })),
);
const AuditRoute = lazy(() =>
  import("~/web/routes/admin/audit").then((m) => ({ default: m.AdminAuditRoute })),
);

const ContentRoute = lazy(() =>
  import("~/web/routes/admin/content").then((m) => ({ default: m.AdminContentRoute })),
);
const ContentPreviewRoute = lazy(() =>
  import("~/web/routes/admin/content-preview").then((m) => ({ default: m.AdminContentPreviewRoute })),
);

/**
 * The console's pages, below /admin (kept out of the entry's route table to keep "/" small). Areas with a
 * console page add a route here and an entry in ./admin/console-nav.ts.
 */
const consoleRoutes = [
  { index: true, element: <OverviewRoute /> },
  { path: adminPaths.users.path, element: <UsersRoute /> },
  { path: adminPaths.user.path, element: <UserRoute /> },
  { path: adminPaths.redemptions.path, element: <RedemptionsRoute /> },
  { path: adminPaths.kyc.path, element: <KycReviewRoute /> },
  { path: adminPaths.referrals.path, element: <ReferralReviewsRoute /> },
  { path: adminPaths.partners.path, element: <PartnersRoute /> },
  { path: adminPaths.proposals.path, element: <ProposalsRoute /> },
  { path: adminPaths.audit.path, element: <AuditRoute /> },
  { path: adminPaths.content.path, element: <ContentRoute /> },
  { path: adminPaths.contentPreview.path, element: <ContentPreviewRoute /> },
  { path: "*", element: <p role="alert">This console page does not exist.</p> },
];

/** A content editor's console: the content page only, also at /admin itself. */
const editorRoutes = [
  { index: true, element: <ContentRoute /> },
  { path: adminPaths.content.path, element: <ContentRoute /> },
  { path: adminPaths.contentPreview.path, element: <ContentPreviewRoute /> },
  { path: "*", element: <p role="alert">This console page is for administrators only.</p> },
];

function ConsolePages({ role }: { role: "admin" | "editor" }) {
  return useRoutes(role === "admin" ? consoleRoutes : editorRoutes);
}

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    isActive ? "bg-brand-soft text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
  );
}

/**
 * /admin and the console pages below it. Administrators get the console (sub-navigation + the page); content
 * editors get its Content page only (docs/product.md, "Content operations");
 * a signed-in non-admin sees 'Administrators only'; a guest the log-in prompt that comes back here. The
 * server checks the role on every /api/admin request: this only shapes the UI.
 */
export function AdminRoute() {
  return (
    <SessionGate
      message="Please log in with an administrator account to open the admin panel."
      frame={(content) => <Page title="Admin Panel">{content}</Page>}
    >
      {(user) => <AdminConsole user={user} />}
    </SessionGate>
  );
}

function AdminConsole({ user }: { user: SessionUser }) {
  if (user.role !== "admin" && user.role !== "editor")
    return (
      <Page title="Admin Panel">
        <div
          role="note"
          className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-10 text-center"
        >
          <ShieldAlert aria-hidden="true" className="size-10 text-brand" />
          <h2 className="text-xl font-semibold">Administrators only</h2>
          <p className="text-muted-foreground">
            This area is for the people who run Play, Learn, Earn. Your account does not have access.
          </p>
        </div>
      </Page>
    );
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-5 text-brand" />
          Admin console
        </p>
        <nav aria-label="Admin console">
          <ul className="flex flex-wrap gap-1">
            {consoleNavFor(user.role).map((item) => (
              <li key={item.to}>
                <AppNavLink to={item.to} end={item.end} className={navClass}>
                  {item.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <ConsolePages role={user.role} />
    </div>
  );
}
