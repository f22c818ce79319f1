import type { Partner } from "~/core/api/partners";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { approvePartner, disablePartner, rotatePartnerSecret, usePartners } from "../api/get-partners";
import { useAdminMutation } from "../api/user-actions";
import type { ShownSecret } from "./partner-secret-notice";
import type { useReauth } from "./reauth";

type Run = ReturnType<typeof useReauth>["run"];

const waitingWords = { enable: "Enabling", rotate: "A new secret" } as const;

function failed(title: string, err: unknown) {
  notify({
    title,
    description: err instanceof Error ? err.message : String(err),
    reference: referenceOf(err),
    variant: "destructive",
  });
}

/** A partner's settings as the console lists them. */
function PartnerFacts({ partner }: { partner: Partner }) {
  const facts: [string, string][] = [
    ["Slug", partner.slug],
    ["Status", partner.enabled ? "Enabled" : "Disabled"],
    ["Hold", `${partner.holdDays} days`],
    [
      "Coins",
      partner.coinsPerDollar === null ? "Partner's reward" : `${partner.coinsPerDollar} coins per dollar`,
    ],
    ["Daily cap per player", partner.dailyCapCoins === null ? "No cap" : `${partner.dailyCapCoins} coins`],
    ["Waits for approval", partner.proposed ? waitingWords[partner.proposed.change] : "Nothing"],
  ];
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface RowProps {
  partner: Partner;
  selfId: string;
  run: Run;
  onSecret: (shown: ShownSecret) => void;
}

/** One partner: its settings and Approve (never for its proposer), Rotate secret and Disable. */
function PartnerRow({ partner, selfId, run, onSecret }: RowProps) {
  const approve = useAdminMutation(approvePartner);
  const rotate = useAdminMutation(rotatePartnerSecret);
  const disable = useAdminMutation(disablePartner);
  const busy = approve.isPending || rotate.isPending || disable.isPending;
  const act = (title: string, action: () => Promise<void>) => run(action).catch((err) => failed(title, err));
  const ownProposal = partner.proposed !== null && partner.proposed.by === selfId;
  return (
    <li>
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="break-all text-base">
            {partner.name}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <PartnerFacts partner={partner} />
          {ownProposal ? <p role="note">Waiting for another administrator to approve your change.</p> : null}
          <div className="flex flex-wrap gap-2">
            {partner.proposed && !ownProposal ? (
              <Button
                disabled={busy}
                onClick={() =>
                  act("Could not approve", async () => {
                    const { partner: p } = await approve.mutateAsync(partner.id);
                    notify({
                      title: "Change approved",
                      description: p.enabled ? `${p.name} is enabled.` : `${p.name} has its new secret.`,
                    });
                  })
                }
              >
                {`Approve ${partner.proposed.change === "enable" ? "enabling" : "new secret"}`}
              </Button>
            ) : null}
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                act("Could not rotate the secret", async () => {
                  const r = await rotate.mutateAsync(partner.id);
                  onSecret({
                    name: partner.name,
                    secret: r.secret,
                    postbackUrl: r.postbackUrl,
                    rotation: true,
                  });
                })
              }
            >
              Rotate secret
            </Button>
            {partner.enabled || partner.proposed?.change === "enable" ? (
              <Button
                variant="destructive"
                disabled={busy}
                onClick={() =>
                  act("Could not disable", async () => {
                    await disable.mutateAsync(partner.id);
                    notify({
                      title: "Partner disabled",
                      description: `${partner.name}'s postbacks are refused.`,
                    });
                  })
                }
              >
                Disable
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** The earning partners, each with what waits for approval and its actions. */
export function PartnerList(props: Omit<RowProps, "partner">) {
  const query = usePartners();
  const partners = query.data?.partners ?? [];
  return (
    <QueryState query={query} what="the partners">
      {partners.length === 0 ? <p className="text-muted-foreground">No earning partners yet.</p> : null}
      <ul className="flex flex-col gap-4" aria-label="Earning partners">
        {partners.map((partner) => (
          <PartnerRow key={partner.id} partner={partner} {...props} />
        ))}
      </ul>
    </QueryState>
  );
}
