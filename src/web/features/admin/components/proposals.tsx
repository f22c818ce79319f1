import type { ProposalList } from "~/core/api/dual-control";
import { awaitingSecondAdmin, describeProposal, dualControlRule } from "~/core/dual-control";
import { LoadMoreButton } from "~/web/components/load-more-button";
import { QueryState } from "~/web/components/query-state";
import { Button } from "~/web/components/ui/button";
import { Words } from "~/web/components/words";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { useOverview } from "../api/get-overview";
import { approveProposal, useProposals, withdrawProposal } from "../api/proposals";
import { useAdminMutation } from "../api/user-actions";
import { ActionForm } from "./action-form";
import { useConfirm } from "./confirm-dialog";
import { formatTime } from "./format";
import { ProposalCase } from "./proposal-case";
import { useReauth } from "./reauth";

type Listed = ProposalList["proposals"][number];

function ProposalCard({ p, self }: { p: Listed; self: { id: string; email: string } }) {
  const approve = useAdminMutation(approveProposal);
  const withdraw = useAdminMutation(withdrawProposal);
  const { confirm, dialog } = useConfirm();
  const { run, dialog: reauth } = useReauth(self.email);
  const mine = p.proposedBy.id === self.id;
  const aboutMe = p.user.id === self.id;
  const what = describeProposal(p);

  async function approveIt() {
    const ok = await confirm({
      title: "Approve this proposal?",
      effect: what,
      detail: `Proposed by ${p.proposedBy.email ?? p.proposedBy.id}${p.reason ? `: ${p.reason}` : ""}. Your approval makes it happen now.`,
      confirmLabel: "Approve and apply",
    });
    if (!ok) return;
    try {
      await run(async () => {
        const result = await approve.mutateAsync(p.id);
        notify({
          title: "Proposal approved",
          description:
            result.balance !== null
              ? `${what}. New balance: ${result.balance}.`
              : result.role !== null
                ? `${what}: done.`
                : `Redemption #${p.redemptionId} is approved.`,
        });
      });
    } catch (err) {
      notify({
        title: "Could not approve",
        description: err instanceof Error ? err.message : String(err),
        reference: referenceOf(err),
        variant: "destructive",
      });
    }
  }

  return (
    <li className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
      {dialog}
      {reauth}
      <h2 className="text-base font-semibold break-words">{what}</h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Proposed by</dt>
        <dd className="break-all">{`${p.proposedBy.email ?? p.proposedBy.id}, ${formatTime(p.proposedAt)}`}</dd>
        {p.reason ? (
          <>
            <dt className="text-muted-foreground">Reason</dt>
            <dd className="break-words">
              <Words text={p.reason} />
            </dd>
          </>
        ) : null}
      </dl>
      {p.case ? <ProposalCase p={p} c={p.case} /> : null}
      <p role="status" className="text-sm font-medium">
        {awaitingSecondAdmin(p)}
      </p>
      {aboutMe ? (
        <p role="note">This moves your own coins, money or role: another administrator decides it.</p>
      ) : mine ? (
        <p role="note">You proposed this: it waits for a different administrator's approval.</p>
      ) : (
        <div>
          <Button onClick={() => void approveIt()} disabled={approve.isPending}>
            {approve.isPending ? "Processing..." : "Approve"}
          </Button>
        </div>
      )}
      {aboutMe ? null : (
        <ActionForm
          title={mine ? "Withdraw my proposal" : "Decline this proposal"}
          submitLabel={mine ? "Withdraw" : "Decline"}
          variant="destructive"
          onSubmit={async (reason) => {
            await withdraw.mutateAsync({ id: p.id, reason });
            notify({ title: "Proposal withdrawn", description: `${what}: nothing was moved.` });
          }}
        />
      )}
    </li>
  );
}

/**
 * Dual control: coin adjustments and redemption approvals past the rule, and role changes, waiting for a second
 * administrator, each with its whole case. A proposal's author can withdraw it; any other administrator can
 * approve (after a confirmation) or decline it.
 */
export function Proposals({ self }: { self: { id: string; email: string } }) {
  const query = useProposals();
  const proposals = query.data?.pages.flatMap((page) => page.proposals) ?? [];
  const overview = useOverview();
  return (
    <QueryState query={query} what="the proposals">
      {overview.data ? (
        <p className="text-sm text-muted-foreground">{dualControlRule(overview.data.dualControl)}</p>
      ) : null}
      {query.data && proposals.length === 0 ? (
        <p className="text-muted-foreground">No proposals are waiting for approval.</p>
      ) : null}
      {proposals.length ? (
        <ul aria-label="Proposals" className="flex flex-col gap-4">
          {proposals.map((p) => (
            <ProposalCard key={p.id} p={p} self={self} />
          ))}
        </ul>
      ) : null}
      <LoadMoreButton query={query} className="self-start" />
    </QueryState>
  );
}
