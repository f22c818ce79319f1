import type { Proposal, ProposalList } from "~/core/api/dual-control";
import type { Database } from "../db/client";
import { proposalRows, toProposal } from "../dual-control/proposal-records";
import { proposalCases } from "./proposal-cases";

/**
 * A page of proposals by id: waiting ones oldest first, decided ones newest first, `limit` after the id `after`;
 * and the next page's cursor (the last proposal's id), or null on the last page.
 */
export async function proposalsPage(
  db: Database,
  filter: { status: Proposal["status"]; limit: number; after?: number | undefined },
): Promise<ProposalList> {
  const oldestFirst = filter.status === "proposed";
  let query = proposalRows(db)
    .where("p.status", "=", filter.status)
    .orderBy("p.id", oldestFirst ? "asc" : "desc")
    .limit(filter.limit + 1);
  if (filter.after !== undefined) query = query.where("p.id", oldestFirst ? ">" : "<", filter.after);
  const rows = await query.execute();
  const proposals = rows.slice(0, filter.limit).map(toProposal);
  const nextCursor = rows.length > filter.limit ? (proposals.at(-1)?.id ?? null) : null;
  if (!oldestFirst) return { proposals: proposals.map((p) => ({ ...p, case: null })), nextCursor };
  const cases = await proposalCases(db, proposals);
  return { proposals: proposals.map((p) => ({ ...p, case: cases.get(p.id) ?? null })), nextCursor };
}

/** The first page's proposals (proposalsPage). */
export async function listProposals(
  db: Database,
  filter: { status: Proposal["status"]; limit: number },
): Promise<ProposalList["proposals"]> {
  return (await proposalsPage(db, filter)).proposals;
}
