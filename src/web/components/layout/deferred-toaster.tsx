import { lazy, Suspense } from "react";
import { useNotices } from "~/web/lib/notify";

// Radix Toast is ~18 KB gzip; it loads with the first notice, so a page that shows none never fetches it
// (docs/decisions/003-web-bundle-budget.md).
const Toaster = lazy(() => import("~/web/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/** Mounts the `<Toaster />` once the first notice arrives, and keeps it from then on. */
export function DeferredToaster() {
  const hasNotices = useNotices().length > 0;
  if (!hasNotices) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
