import { ScrollText } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { TermsText } from "~/web/features/legal/components/terms-text";

/** /terms: the Terms of Service (docs/product.md "Terms and Privacy"); public, prerendered. */
export function TermsRoute() {
  return (
    <Page title="Terms of Service" icon={ScrollText}>
      <TermsText />
    </Page>
  );
}
