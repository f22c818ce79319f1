import type { Selectable, Transaction } from "kysely";
import type { ProposalApproval } from "~/core/api/dual-control";
import type { Actor } from "../audit/audit.service";
import type { DB } from "../db/schema";

/** A proposal's row, as its effect reads it. */
export type ProposalRow = Selectable<DB["admin_proposals"]>;

/** What an approved proposal's effect changed (null for what it does not touch). */
export type ProposalOutcome = Omit<ProposalApproval, "proposal">;

/**
 * The effect of an approved proposal of one kind: it runs inside the approval's transaction and checks four eyes
 * again itself (four-eyes.ts). Each domain that moves coins, money or power owns its effect; the composition root
 * hands dual control one effect per kind (create-deps.ts), so dual control imports none of them. `D`: what the
 * effect uses of the app's dependencies.
 */
export type ProposalEffect<D = never> = (
  trx: Transaction<DB>,
  deps: D,
  actor: Actor,
  proposal: ProposalRow,
) => Promise<Partial<ProposalOutcome>>;

/** One effect for every kind of proposal: a new kind does not compile until its effect is handed over. */
export type ProposalEffects<D> = Record<ProposalRow["kind"], ProposalEffect<D>>;

/** Runs the effect of an approved proposal `p` and says what it changed. */
export async function applyProposalEffect<D extends { proposalEffects: ProposalEffects<D> }>(
  trx: Transaction<DB>,
  deps: D,
  actor: Actor,
  p: ProposalRow,
): Promise<ProposalOutcome> {
  const changed = await deps.proposalEffects[p.kind](trx, deps, actor, p);
  return { balance: null, redemptionStatus: null, role: null, kycStatus: null, ...changed };
}
