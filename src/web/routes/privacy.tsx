import { LockKeyhole } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { PrivacyText } from "~/web/features/legal/components/privacy-text";

/** /privacy: the Privacy Policy (docs/product.md "Terms and Privacy"); public, prerendered. */
export function PrivacyRoute() {
  return (
    <Page title="Privacy Policy" icon={LockKeyhole}>
      <PrivacyText />
    </Page>
  );
}
