import { type ComponentType, lazy } from "react";
import { BrowserRouter, type RouteObject, useRoutes } from "react-router";
import { ProtectedRoutes } from "~/web/app/protected-routes";
import { RootLayout } from "~/web/components/layout/root-layout";
import { paths } from "~/web/config/paths";
import { useSession } from "~/web/lib/session";

// Every page is its own chunk; the entry holds only the layout. See docs/decisions/003-web-bundle-budget.md.
// The pages behind QueryLayout load through ./page-loaders.ts, so the list of their chunks (and of the chunks
// those import) sits in that small chunk, not in the entry that "/" loads.
const loadPages = () => import("~/web/app/page-loaders");
type PageLoaders = typeof import("~/web/app/page-loaders");
/** A page behind page-loaders.ts, whose loader resolves to the module's component as `default`. */
const page = <P extends object>(
  pick: (loaders: PageLoaders) => () => Promise<{ default: ComponentType<P> }>,
) => lazy(() => loadPages().then((loaders) => pick(loaders)()));
const QueryLayout = page((p) => p.queryLayout);
const HomeRoute = lazy(() => import("~/web/routes/home").then((m) => ({ default: m.HomeRoute })));
const AuthRoute = page((p) => p.auth);
const GamesRoute = page((p) => p.games);
const TicTacToeRoute = page((p) => p.ticTacToe);
const QuizzesRoute = page((p) => p.quizzes);
const VideosRoute = page((p) => p.videos);
const WalletRoute = page((p) => p.wallet);
const AdminRoute = page((p) => p.admin);
const KycRoute = page((p) => p.kyc);
const ReferralRoute = page((p) => p.referral);
const OffersRoute = page((p) => p.offers);
const UpdatePasswordRoute = page((p) => p.updatePassword);
const AccountRoute = page((p) => p.account);
const LegalRoute = page((p) => p.legal);
const DashboardRoute = page((p) => p.dashboard);
const NotFoundRoute = lazy(() =>
  import("~/web/routes/not-found").then((m) => ({ default: m.NotFoundRoute })),
);

/**
 * "/": the spec's home for guests, the dashboard for a signed-in player (docs/product.md, "Dashboard"). While the
 * session is checked the dashboard's frame shows: the server sends that page only to a browser with a session
 * cookie; a browser without one gets the home (docs/decisions/043-guest-variants-of-prerendered-pages.md). Here,
 * not in the home's chunk, so a guest's "/" loads nothing more than before.
 */
function HomeOrDashboard() {
  const { status } = useSession();
  return status === "signed-out" ? <HomeRoute /> : <DashboardRoute />;
}

/**
 * The route table of docs/product.md. Pages that fetch data sit under `QueryLayout` (TanStack Query). Routes other than
 * home, auth and 404 sit in the protected group, whose guard lets guests through: each page shows its own guest
 * state (docs/decisions/017-guest-access.md).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, element: <HomeOrDashboard /> },
      {
        element: <QueryLayout />,
        children: [
          { path: paths.auth.path, element: <AuthRoute /> },
          {
            id: "protected",
            element: <ProtectedRoutes />,
            children: [
              { path: paths.games.path, element: <GamesRoute /> },
              { path: paths.ticTacToe.path, element: <TicTacToeRoute /> },
              { path: paths.quizzes.path, element: <QuizzesRoute /> },
              { path: paths.videos.path, element: <VideosRoute /> },
              { path: paths.wallet.path, element: <WalletRoute /> },
              // The console: its pages are routed inside routes/admin.tsx, each its own chunk.
              { path: `${paths.admin.path}/*`, element: <AdminRoute /> },
              { path: paths.kyc.path, element: <KycRoute /> },
              { path: paths.referral.path, element: <ReferralRoute /> },
              { path: paths.offers.path, element: <OffersRoute /> },
              { path: paths.updatePassword.path, element: <UpdatePasswordRoute /> },
              { path: paths.account.path, element: <AccountRoute /> },
            ],
          },
        ],
      },
      { path: paths.terms.path, element: <LegalRoute doc="terms" /> },
      { path: paths.privacy.path, element: <LegalRoute doc="privacy" /> },
      { path: paths.help.path, element: <LegalRoute doc="help" /> },
      { path: paths.notFound.path, element: <NotFoundRoute /> },
    ],
  },
];

/** The page tree for the current location; inside `BrowserRouter` in the browser, `StaticRouter` when prerendering. */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
