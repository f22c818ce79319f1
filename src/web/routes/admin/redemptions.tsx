import { RedemptionQueue } from "~/web/features/admin/components/redemption-queue";
import { ConsolePage } from "./console-page";

/** /admin/redemptions: the redemption queue. */
export function AdminRedemptionsRoute() {
  return (
    <ConsolePage title="Redemptions">
      <RedemptionQueue />
    </ConsolePage>
  );
}
