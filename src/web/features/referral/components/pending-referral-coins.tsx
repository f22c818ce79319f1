import { useQuery } from "@tanstack/react-query";
import { referralPendingLine } from "~/core/referrals";
import { referralsQueryOptions } from "../api/get-referrals";

/**
 * Each friend's pending referral bonus on the wallet and the dashboard, in the line the pending partner coins use:
 * what it waits for and the last day it can clear (docs/product.md, "Referral program"); nothing while there is none.
 */
export function PendingReferralCoins({ userId }: { userId: string }) {
  const referrals = useQuery(referralsQueryOptions(userId));
  const view = referrals.data;
  const pending = view?.friends.filter((f) => f.bonus === "pending") ?? [];
  if (!view || pending.length === 0) return null;
  return (
    <section aria-label="Pending referral coins" className="rounded-lg border p-4 text-sm">
      <h2 className="font-semibold">Pending from referrals</h2>
      <ul className="mt-2 flex flex-col gap-1 tabular-nums">
        {pending.map((f) => (
          <li key={`${f.email}-${f.joinedAt}`}>{referralPendingLine(f, view.release)}</li>
        ))}
      </ul>
    </section>
  );
}
