import { Construction } from "lucide-react";
import { Page } from "~/web/components/layout/page";

export function AdminRoute() {
  return (
    <Page title="Admin Panel">
      <div
        role="note"
        className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-10 text-center"
      >
        <Construction aria-hidden="true" className="size-10 text-brand" />
        <h2 className="text-xl font-semibold">Under Development</h2>
        <p className="text-muted-foreground">
          The admin panel is not available yet. Please check back later.
        </p>
      </div>
    </Page>
  );
}
