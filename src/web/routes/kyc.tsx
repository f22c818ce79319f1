import { ShieldCheck } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { QueryState } from "~/web/components/query-state";
import { SessionGate } from "~/web/components/session-gate";
import { useKycStatus } from "~/web/features/kyc/api/get-kyc-status";
import { KycForm } from "~/web/features/kyc/components/kyc-form";
import { KycStatusCard } from "~/web/features/kyc/components/kyc-status-card";

function KycContent() {
  const query = useKycStatus(true);
  const data = query.data;
  const canSubmit = data?.status === "none" || data?.status === "rejected";
  return (
    <QueryState query={query} what="your verification status">
      {data ? (
        <div className="flex flex-col gap-6">
          <KycStatusCard status={data} />
          {canSubmit ? (
            <KycForm maxUploadBytes={data.maxUploadBytes} resubmit={data.status === "rejected"} />
          ) : null}
        </div>
      ) : null}
    </QueryState>
  );
}

/** /kyc: identity verification — the status of the user's submission, and the form while one may submit. */
export function KycRoute() {
  return (
    <Page
      title="KYC Verification"
      icon={ShieldCheck}
      description="Verify your identity to unlock cash redemptions."
    >
      <SessionGate message="Please log in to verify your identity.">{() => <KycContent />}</SessionGate>
    </Page>
  );
}
