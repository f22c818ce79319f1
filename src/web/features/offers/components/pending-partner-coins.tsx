import { pendingLine } from "~/core/partners";
import { useOffers } from "../api/get-offers";

/**
 * Each pending amount of partner coins with the day it becomes available ('+420 coins available on 12 Dec'),
 * soonest first; nothing while there is none (docs/product.md, "Earning partners").
 */
export function PendingPartnerCoins({ userId }: { userId: string }) {
  const offers = useOffers(userId);
  const pending = offers.data?.pending ?? [];
  if (pending.length === 0) return null;
  return (
    <section aria-label="Pending partner coins" className="rounded-lg border p-4 text-sm">
      <h2 className="font-semibold">Pending from offers</h2>
      <ul className="mt-2 flex flex-col gap-1 tabular-nums">
        {pending.map((p) => (
          <li key={p.availableOn}>{pendingLine(p.coins, p.availableOn)}</li>
        ))}
      </ul>
    </section>
  );
}
