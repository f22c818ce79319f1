import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { usePageTitle } from "~/web/lib/use-page-title";

export interface PageProps {
  /** The page heading (h1); also the document title unless `documentTitle` is given. */
  title: string;
  documentTitle?: string;
  description?: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
}

/** A standard page: sets the document title, renders the heading block and the content below it. */
export function Page({ title, documentTitle, description, icon: Icon, children }: PageProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="mb-8 flex flex-col items-center gap-3 text-center">
        {Icon ? (
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand">
            <Icon aria-hidden="true" className="size-6" />
          </span>
        ) : null}
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {description ? (
          <p className="max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">{description}</p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
