import { Suspense, useEffect, useMemo } from "react";
import { Outlet, useLocation } from "react-router";
import { DeferredToaster } from "~/web/components/layout/deferred-toaster";
import { PageFallback } from "~/web/components/layout/page-fallback";
import { RouteErrorBoundary } from "~/web/components/layout/route-error-boundary";
import { ScrollToTop } from "~/web/components/layout/scroll-to-top";
import { SiteFooter } from "~/web/components/layout/site-footer";
import { SiteHeader } from "~/web/components/layout/site-header";
import { useSession } from "~/web/lib/session";

/** The frame around every page: skip link, header, main, footer and the one notice area. */
export function RootLayout() {
  const { pathname } = useLocation();
  const { user, status } = useSession();
  // The same element until the path changes: a session or balance update re-renders the header only, never the
  // page boundary, which may still be waiting for its chunk while a prerendered page hydrates.
  const page = useMemo(
    () => (
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <PageLive />
        </Suspense>
      </RouteErrorBoundary>
    ),
    [pathname],
  );

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <ScrollToTop />
      {/* Header and footer each in a boundary of their own: a prerendered page hydrates them in separate, short
          tasks (React hydrates each Suspense boundary on its own), not all in one (docs/decisions/044-short-main-thread-tasks.md). */}
      <Suspense>
        <SiteHeader session={user} sessionPending={status === "loading"} />
      </Suspense>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {page}
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <DeferredToaster />
    </div>
  );
}

/**
 * Marks `<html data-app="live">` once the page has hydrated: it commits with the page, inside the same boundary.
 * (A prerendered page paints before the app runs; the E2E tests wait for this mark before they act.)
 */
function PageLive() {
  useEffect(() => {
    document.documentElement.dataset.app = "live";
  }, []);
  return null;
}
