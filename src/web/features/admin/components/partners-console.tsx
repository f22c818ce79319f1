import { useState } from "react";
import { HeldCredits } from "./held-credits";
import { NewPartnerForm } from "./new-partner-form";
import { PartnerList } from "./partner-list";
import { PartnerSecretNotice, type ShownSecret } from "./partner-secret-notice";
import { useReauth } from "./reauth";

/**
 * /admin/partners (docs/product.md, "Earning partners"): the partners with what waits for a second
 * administrator, a new partner (its secret shown once), and the credits held for review, decided one by one.
 */
export function PartnersConsole({ self }: { self: { id: string; email: string } }) {
  const { run, dialog } = useReauth(self.email);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  return (
    <div className="flex flex-col gap-8">
      {dialog}
      {shown ? <PartnerSecretNotice shown={shown} onDone={() => setShown(null)} /> : null}
      <section aria-labelledby="partners-heading" className="flex flex-col gap-4">
        <h2 id="partners-heading" className="text-xl font-bold">
          Partners
        </h2>
        <PartnerList selfId={self.id} run={run} onSecret={setShown} />
      </section>
      <NewPartnerForm run={run} onSecret={setShown} />
      <section aria-labelledby="held-credits-heading" className="flex flex-col gap-4">
        <h2 id="held-credits-heading" className="text-xl font-bold">
          Held credits
        </h2>
        <HeldCredits selfId={self.id} run={run} />
      </section>
    </div>
  );
}
