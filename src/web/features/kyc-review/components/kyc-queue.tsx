import { useState } from "react";
import type { KycQueueItem } from "~/core/api/kyc";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent } from "~/web/components/ui/card";
import { KycReviewPanel } from "./kyc-review-panel";

/** Pending KYC submissions (oldest first, as the API sends them); one at a time opens for review. */
export function KycQueue({ items, selfId }: { items: readonly KycQueueItem[]; selfId: string }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      {items.length === 0 ? (
        <p className="text-muted-foreground">No submissions are waiting for review.</p>
      ) : (
        <Card>
          <CardContent className="pt-6">
            <p className="mb-3 text-sm text-muted-foreground">{`${items.length} waiting, oldest first.`}</p>
            <ul className="flex flex-col divide-y">
              {items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{item.fullName}</p>
                    <p className="text-sm break-all text-muted-foreground">
                      {`${item.email} · submitted ${new Date(item.submittedAt).toLocaleString()}`}
                    </p>
                  </div>
                  <Button
                    variant={selected === item.id ? "default" : "outline"}
                    aria-pressed={selected === item.id}
                    aria-label={`Review ${item.fullName} (${item.email})`}
                    onClick={() => setSelected(item.id)}
                  >
                    Review
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      {selected && items.some((i) => i.id === selected) ? (
        <KycReviewPanel key={selected} id={selected} selfId={selfId} onDone={() => setSelected(null)} />
      ) : null}
    </div>
  );
}
