import { BusinessCharts } from "~/web/features/admin/components/business-charts";
import { OverviewPanel } from "~/web/features/admin/components/overview-panel";
import { PartnerNumbers } from "~/web/features/admin/components/partner-numbers";
import { ConsolePage } from "./console-page";

/** /admin: the console's overview, the earning partners in numbers, and the business over time in charts. */
export function AdminOverviewRoute() {
  return (
    <ConsolePage title="Overview">
      <div className="flex min-w-0 flex-col gap-8">
        <OverviewPanel />
        <PartnerNumbers />
        <BusinessCharts />
      </div>
    </ConsolePage>
  );
}
