import { LoadMoreButton } from "~/web/components/load-more-button";
import { QueryState } from "~/web/components/query-state";
import { useKycQueue } from "~/web/features/kyc-review/api/get-kyc-queue";
import { KycQueue } from "~/web/features/kyc-review/components/kyc-queue";
import { useSession } from "~/web/lib/session";
import { ConsolePage } from "./console-page";

/** /admin/kyc: the KYC review queue, a page at a time ('Load more'). */
export function AdminKycRoute() {
  const query = useKycQueue();
  const { user } = useSession();
  return (
    <ConsolePage title="KYC review">
      <QueryState query={query} what="the KYC queue">
        {query.data ? (
          <>
            <KycQueue items={query.data.pages.flatMap((p) => p.items)} selfId={user?.id ?? ""} />
            <LoadMoreButton query={query} className="self-start" />
          </>
        ) : null}
      </QueryState>
    </ConsolePage>
  );
}
