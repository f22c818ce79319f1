import { Outlet } from "react-router";

/**
 * The guard of docs/product.md's protected routes. Reading (b) of the spec, see docs/decisions/017-guest-access.md:
 * every page opens for guests and shows its own guest state (guests play games and quizzes). Pages that need an
 * account render `<SessionGate>` (src/web/components/session-gate.tsx) and its `<LoginPrompt />`, whose 'Log in' link goes to
 * `/auth?redirectTo=<this page>` (`useLoginHref()`), so login brings the user back. The server authorizes
 * every request itself; this only shapes the UI.
 */
export function ProtectedRoutes() {
  return <Outlet />;
}
