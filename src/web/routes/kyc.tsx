import { ShieldCheck } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { KycForm } from "~/web/features/kyc/components/kyc-form";

/** /kyc: the identity-verification placeholder (docs/product.md). */
export function KycRoute() {
  return (
    <Page
      title="KYC Verification"
      icon={ShieldCheck}
      description="Verify your identity to unlock cash redemptions."
    >
      <KycForm />
    </Page>
  );
}
