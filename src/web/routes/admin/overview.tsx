import { OverviewPanel } from "~/web/features/admin/components/overview-panel";
import { ConsolePage } from "./console-page";

/** /admin: the console's overview. */
export function AdminOverviewRoute() {
  return (
    <ConsolePage title="Overview">
      <OverviewPanel />
    </ConsolePage>
  );
}
