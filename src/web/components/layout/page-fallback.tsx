import { Spinner } from "~/web/components/ui/spinner";

/** Shown inside the layout while a page's code loads on first visit. */
export function PageFallback() {
  return (
    <div className="flex flex-1 items-center justify-center py-24">
      <Spinner label="Loading page" />
    </div>
  );
}
