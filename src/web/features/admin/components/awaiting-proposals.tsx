import type { Proposal } from "~/core/api/dual-control";
import { awaitingSecondAdmin, describeProposal } from "~/core/dual-control";
import { AppLink } from "~/web/components/ui/app-link";
import { Card, CardContent } from "~/web/components/ui/card";
import { adminPaths } from "~/web/config/admin-paths";

/**
 * The user's proposals waiting for a second administrator (docs/product.md, "Dual control"): each says what it
 * would do and 'Awaiting a second administrator (proposed by …, …)', with the way to the Proposals page, where a
 * different administrator sees the whole case and decides.
 */
export function AwaitingProposals({ proposals }: { proposals: readonly Proposal[] }) {
  if (proposals.length === 0) return null;
  return (
    <Card className="lg:col-span-2">
      <CardContent className="flex flex-col gap-2 pt-6">
        <ul aria-label="Waiting proposals" className="flex flex-col gap-2">
          {proposals.map((p) => (
            <li key={p.id} className="text-sm">
              <span className="font-semibold break-words">{describeProposal(p)}</span>
              <br />
              <span role="status">{awaitingSecondAdmin(p)}</span>
            </li>
          ))}
        </ul>
        <AppLink
          to={adminPaths.proposals.getHref()}
          className="text-sm font-medium underline underline-offset-4"
        >
          Open Proposals
        </AppLink>
      </CardContent>
    </Card>
  );
}
