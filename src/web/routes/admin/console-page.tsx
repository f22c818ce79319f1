import type { ReactNode } from "react";
import { usePageTitle } from "~/web/lib/use-page-title";

/** A console page: its heading (h1) and document title 'Admin · <title>'. */
export function ConsolePage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(`Admin · ${title}`);
  return (
    <section aria-labelledby="console-heading" className="flex flex-col gap-6">
      <h1 id="console-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {title}
      </h1>
      {children}
    </section>
  );
}
