import { LockKeyhole, ScrollText } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { PrivacyText } from "~/web/features/legal/components/privacy-text";
import { TermsText } from "~/web/features/legal/components/terms-text";

/**
 * /terms and /privacy (docs/product.md "Terms and Privacy"): public, prerendered. One page chunk for both keeps the
 * route table, which every first load carries, one entry smaller.
 */
export function LegalRoute({ doc }: { doc: "terms" | "privacy" }) {
  return doc === "terms" ? (
    <Page title="Terms of Service" icon={ScrollText}>
      <TermsText />
    </Page>
  ) : (
    <Page title="Privacy Policy" icon={LockKeyhole}>
      <PrivacyText />
    </Page>
  );
}
