import { ShieldCheck } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { LoginPrompt } from "~/web/components/login-prompt";
import { Button } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { useKycStatus } from "~/web/features/kyc/api/get-kyc-status";
import { KycForm } from "~/web/features/kyc/components/kyc-form";
import { KycStatusCard } from "~/web/features/kyc/components/kyc-status-card";
import { useSession } from "~/web/lib/session";

function KycContent() {
  const query = useKycStatus(true);
  if (query.isPending)
    return (
      <div className="flex justify-center">
        <Spinner label="Loading your verification status" />
      </div>
    );
  if (query.error)
    return (
      <div className="flex flex-col items-center gap-3 text-center">
        <p role="alert">{`Could not load your verification status: ${query.error.message}`}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  const { maxUploadBytes, ...status } = query.data;
  const canSubmit = status.status === "none" || status.status === "rejected";
  return (
    <div className="flex flex-col gap-6">
      <KycStatusCard status={status} />
      {canSubmit ? <KycForm maxUploadBytes={maxUploadBytes} resubmit={status.status === "rejected"} /> : null}
    </div>
  );
}

/** /kyc: identity verification — the status of the user's submission, and the form while one may submit. */
export function KycRoute() {
  const { status, user } = useSession();
  return (
    <Page
      title="KYC Verification"
      icon={ShieldCheck}
      description="Verify your identity to unlock cash redemptions."
    >
      {status === "loading" ? (
        <div className="flex justify-center">
          <Spinner />
        </div>
      ) : user ? (
        <KycContent />
      ) : (
        <LoginPrompt message="Please log in to verify your identity." />
      )}
    </Page>
  );
}
