import { BusinessCharts } from "~/web/features/admin/components/business-charts";
import { OverviewPanel } from "~/web/features/admin/components/overview-panel";
import { ConsolePage } from "./console-page";

/** /admin: the console's overview, and the business over time in charts. */
export function AdminOverviewRoute() {
  return (
    <ConsolePage title="Overview">
      <div className="flex min-w-0 flex-col gap-8">
        <OverviewPanel />
        <BusinessCharts />
      </div>
    </ConsolePage>
  );
}
