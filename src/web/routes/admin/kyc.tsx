import { KycQueue } from "~/web/features/kyc-review/components/kyc-queue";
import { ConsolePage } from "./console-page";

/** /admin/kyc: the KYC review queue. */
export function AdminKycRoute() {
  return (
    <ConsolePage title="KYC review">
      <KycQueue />
    </ConsolePage>
  );
}
