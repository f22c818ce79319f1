import { LifeBuoy, LockKeyhole, ScrollText } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { HelpText } from "~/web/features/legal/components/help-text";
import { PrivacyText } from "~/web/features/legal/components/privacy-text";
import { TermsText } from "~/web/features/legal/components/terms-text";

/**
 * /terms, /privacy and /help (docs/product.md "Terms and Privacy", "Help and contact"): public, prerendered. One
 * page chunk for the three keeps the route table, which every first load carries, smaller.
 */
export function LegalRoute({ doc }: { doc: "terms" | "privacy" | "help" }) {
  if (doc === "help")
    return (
      <Page
        title="Help"
        icon={LifeBuoy}
        description="How earning, bonuses and payouts work here, and whom to ask."
      >
        <HelpText />
      </Page>
    );
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
