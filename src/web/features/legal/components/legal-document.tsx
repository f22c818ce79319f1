import type { ReactNode } from "react";

/**
 * The frame of /terms and /privacy: the template notice an operator must act on, then the text. Written from the
 * app's own rules and the server's settings; not legal advice.
 */
export function LegalDocument({ updated, children }: { updated: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <aside
        aria-label="Template notice"
        className="rounded-xl border border-amber-500/60 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <p className="font-semibold">Template: to be reviewed by the operator</p>
        <p className="mt-1">
          This text is a template generated from how this installation works and how it is configured. The
          operator of this service must review it, add the operator's name, address and contact, and have it
          checked for the law that applies before relying on it.
        </p>
      </aside>
      <article className="legal grid gap-4 text-base leading-relaxed [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_li]:ml-5 [&_li]:list-disc [&_ul]:grid [&_ul]:gap-1">
        <p className="text-sm text-muted-foreground">{`Last updated: ${updated}`}</p>
        {children}
      </article>
    </div>
  );
}

/** When the texts were last changed (shown on both pages). */
export const LEGAL_TEXTS_UPDATED = "27 November 2026";
