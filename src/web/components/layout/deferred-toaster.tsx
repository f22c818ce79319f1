import { lazy, Suspense, useEffect, useState } from "react";
import { useNotices } from "~/web/lib/notify";
import { onIdle } from "~/web/lib/on-idle";

// Radix Toast is ~18 KB gzip; it loads after the first render (or at once for an early notice),
// keeping it out of every page's first-load JS (docs/decisions/003-web-bundle-budget.md).
const Toaster = lazy(() => import("~/web/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/** Mounts the `<Toaster />` when the browser is idle or when the first notice arrives, whichever is first. */
export function DeferredToaster() {
  const hasNotices = useNotices().length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => onIdle(() => setIdle(true)), []);
  if (!hasNotices && !idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
