import { isValidElement } from "react";
import { BrowserRouter, matchRoutes, type RouteObject, useRoutes } from "react-router";
import { type LazyPage, lazyPage } from "~/web/app/lazy-page";
import { ProtectedRoutes } from "~/web/app/protected-routes";
import { RootLayout } from "~/web/components/layout/root-layout";
import { paths } from "~/web/config/paths";

// Every page is its own chunk; the entry holds only the layout. See docs/decisions/003-web-bundle-budget.md.
const QueryLayout = lazyPage(() => import("~/web/app/query-layout").then((m) => m.QueryLayout));
const HomeRoute = lazyPage(() => import("~/web/routes/home").then((m) => m.HomeRoute));
const AuthRoute = lazyPage(() => import("~/web/routes/auth").then((m) => m.AuthRoute));
const GamesRoute = lazyPage(() => import("~/web/routes/games").then((m) => m.GamesRoute));
const TicTacToeRoute = lazyPage(() => import("~/web/routes/tic-tac-toe").then((m) => m.TicTacToeRoute));
const QuizzesRoute = lazyPage(() => import("~/web/routes/quizzes").then((m) => m.QuizzesRoute));
const VideosRoute = lazyPage(() => import("~/web/routes/videos").then((m) => m.VideosRoute));
const WalletRoute = lazyPage(() => import("~/web/routes/wallet").then((m) => m.WalletRoute));
const AdminRoute = lazyPage(() => import("~/web/routes/admin").then((m) => m.AdminRoute));
const KycRoute = lazyPage(() => import("~/web/routes/kyc").then((m) => m.KycRoute));
const ReferralRoute = lazyPage(() => import("~/web/routes/referral").then((m) => m.ReferralRoute));
const UpdatePasswordRoute = lazyPage(() =>
  import("~/web/routes/update-password").then((m) => m.UpdatePasswordRoute),
);
const NotFoundRoute = lazyPage(() => import("~/web/routes/not-found").then((m) => m.NotFoundRoute));

/**
 * The route table of SPEC §2. Pages that fetch data sit under `QueryLayout` (TanStack Query). Routes other than
 * home, auth and 404 sit in the protected group, whose guard lets guests through: each page shows its own guest
 * state (docs/decisions/017-guest-access.md).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
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
              { path: paths.admin.path, element: <AdminRoute /> },
              { path: paths.kyc.path, element: <KycRoute /> },
              { path: paths.referral.path, element: <ReferralRoute /> },
              { path: paths.updatePassword.path, element: <UpdatePasswordRoute /> },
            ],
          },
        ],
      },
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

/** Loads the chunks of every lazy page and layout that `pathname` renders, so it renders without suspending. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    return typeof type === "function" && "preload" in type ? [(type as LazyPage).preload()] : [];
  });
  return Promise.all(pages);
}
