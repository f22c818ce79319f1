import { lazy, Suspense } from "react";
import { useNotices } from "~/web/lib/notify";

// Radix Toast is ~18 KB gzip: it loads with the first notice, so a visit that shows none never fetches it
// (docs/decisions/028-first-load-prerender-and-workers.md).
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
