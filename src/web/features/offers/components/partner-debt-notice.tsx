import { debtNotice } from "~/core/partners";
import { useOffers } from "../api/get-offers";

/**
 * The wallet's notice of a debt (docs/product.md, "Earning partners"): coins a partner reversed after they were
 * spent, which the next earnings repay first; nothing while there is none.
 */
export function PartnerDebtNotice({ userId }: { userId: string }) {
  const offers = useOffers(userId);
  const debt = offers.data?.debtCoins ?? 0;
  if (debt <= 0) return null;
  return (
    <section
      aria-label="Reversed coins to repay"
      className="rounded-lg border border-amber-500/60 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 className="font-semibold">Reversed coins to repay</h2>
      <p className="mt-1">{debtNotice(debt)}</p>
    </section>
  );
}
