import { pendingLine } from "~/core/partners";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { Spinner } from "~/web/components/ui/spinner";
import { useOffers } from "../api/get-offers";
import { PendingPartnerCoins } from "./pending-partner-coins";

const stateLabels = {
  pending: "Pending",
  available: "Available",
  reversed: "Reversed by the partner",
  held: "Held for review",
  declined: "Declined after review",
} as const;

/**
 * /offers (docs/product.md, "Earning partners"): the enabled partners' walls opened with the player's partner
 * id, what the hold means, the pending coins with their dates and the latest partner credits with their states.
 */
export function OffersList({ userId }: { userId: string }) {
  const offers = useOffers(userId);
  if (!offers.data) return <Spinner label="Loading offers" />;
  const { walls, credits, partnerUserId } = offers.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        Complete offers and surveys on our partners' walls. Their coins are pending for the partner's hold
        days, then join your balance; a partner may take back an offer it cancels. Your partner id:{" "}
        {partnerUserId}.
      </p>
      <PendingPartnerCoins userId={userId} />
      {walls.length === 0 ? <p>No offer walls are open right now.</p> : null}
      {walls.map((w) => (
        <Card key={w.slug}>
          <CardHeader>
            <CardTitle as="h2">{w.name}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2 text-sm">
            <p>{`Coins from ${w.name} are available ${w.holdDays === 0 ? "at once" : `${w.holdDays} days after the offer`}.`}</p>
            {w.url ? (
              <a className="font-medium text-brand underline" href={w.url} target="_blank" rel="noreferrer">
                {`Open ${w.name}`}
              </a>
            ) : null}
          </CardContent>
        </Card>
      ))}
      {credits.length > 0 ? (
        <section aria-label="Your partner credits">
          <h2 className="font-semibold">Your partner credits</h2>
          <ul className="mt-2 flex flex-col gap-1 text-sm tabular-nums">
            {credits.map((c) => (
              <li key={`${c.partner}-${c.createdAt}-${c.coins}`}>
                {`${c.partner}: ${c.state === "pending" ? pendingLine(c.coins, c.availableOn) : `${c.coins} coins`} — ${stateLabels[c.state]}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
