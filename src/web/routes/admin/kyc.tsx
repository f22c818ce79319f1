import { QueryState } from "~/web/components/query-state";
import { useKycQueue } from "~/web/features/kyc-review/api/get-kyc-queue";
import { KycQueue } from "~/web/features/kyc-review/components/kyc-queue";
import { useSession } from "~/web/lib/session";
import { ConsolePage } from "./console-page";

/** /admin/kyc: the KYC review queue. */
export function AdminKycRoute() {
  const query = useKycQueue();
  const { user } = useSession();
  return (
    <ConsolePage title="KYC review">
      <QueryState query={query} what="the KYC queue">
        {query.data ? <KycQueue items={query.data.items} selfId={user?.id ?? ""} /> : null}
      </QueryState>
    </ConsolePage>
  );
}
