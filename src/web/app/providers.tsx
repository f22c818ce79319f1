import type { ReactNode } from "react";

/**
 * Providers around the whole app, header included; they ship in the entry chunk, so keep them small.
 * The auth state (docs/product.md) needs no provider: it is the small store of `lib/session.ts`, started in `main.tsx`.
 * TanStack Query's provider is not here but in `query-layout.tsx`, loaded with the pages that fetch data
 * (docs/decisions/003-web-bundle-budget.md).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return children;
}
