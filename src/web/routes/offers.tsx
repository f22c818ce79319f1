import { Sparkles } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { SessionGate } from "~/web/components/session-gate";
import { OffersList } from "~/web/features/offers/components/offers-list";

/** /offers (docs/product.md, "Earning partners"): partners' walls and partner coins; guests get a prompt. */
export function OffersRoute() {
  return (
    <Page title="Offers" icon={Sparkles} description="Earn coins with our partners' offers and surveys.">
      <div className="mx-auto max-w-2xl">
        <SessionGate message="Log in or create an account to see offers." linkLabel="Login / Register">
          {(user) => <OffersList key={user.id} userId={user.id} />}
        </SessionGate>
      </div>
    </Page>
  );
}
