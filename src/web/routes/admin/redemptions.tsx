import { RedemptionQueue } from "~/web/features/admin/components/redemption-queue";
import { useSession } from "~/web/lib/session";
import { ConsolePage } from "./console-page";

/** /admin/redemptions: the redemption queue (the administrator's own redemptions are shown, not decidable). */
export function AdminRedemptionsRoute() {
  const { user } = useSession();
  return (
    <ConsolePage title="Redemptions">
      <RedemptionQueue selfId={user?.id ?? ""} />
    </ConsolePage>
  );
}
