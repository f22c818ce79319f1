import type { Transaction } from "kysely";
import type { Proposal } from "~/core/api/dual-control";
import { describeProposal } from "~/core/dual-control";
import type { AppDeps } from "../app-deps";
import type { DB } from "../db/schema";
import { layout, mailSubject } from "../mail/layout";
import type { MailMessage } from "../mail/mailer";

/**
 * Dual control's mail (docs/product.md, "Dual control"): the other administrators hear that a proposal waits, and
 * its proposer hears how it was decided. Queued through the mail outbox in the transaction that makes or decides
 * the proposal, so a crash loses neither the change nor its mail.
 */
export type NotifyDeps = Pick<AppDeps, "env" | "mailOutbox">;

const proposalsUrl = (deps: NotifyDeps) => `${deps.env.appUrl}/admin/proposals`;

/** A proposal's mail in the one mail design (../mail/layout.ts): its subject is also its title. */
export function proposalMail(to: string, subject: string, paragraphs: string[], url: string): MailMessage {
  const title = subject.charAt(0).toUpperCase() + subject.slice(1);
  return {
    to,
    subject: mailSubject(subject),
    text: `${paragraphs.join("\n\n")}\n\n${url}\n`,
    html: layout(
      title,
      paragraphs,
      { label: "Open the proposals", url },
      "You receive this as an administrator of the console.",
    ),
  };
}

/** To every other administrator (live, not banned, not the user it concerns): a proposal waits for a second administrator. */
export async function mailProposalWaiting(trx: Transaction<DB>, deps: NotifyDeps, p: Proposal) {
  const admins = await trx
    .selectFrom("user")
    .innerJoin("user_profiles", "user_profiles.id", "user.id")
    .select(["user.id", "user.email"])
    .where("user.role", "=", "admin")
    .where("user_profiles.deleted_at", "is", null)
    .where((eb) => eb.or([eb("user.banned", "is", null), eb("user.banned", "=", false)]))
    .where("user.id", "<>", p.proposedBy.id)
    .where("user.id", "<>", p.user.id)
    .execute();
  const proposer = p.proposedBy.email ?? p.proposedBy.id;
  for (const admin of admins) {
    const mail = proposalMail(
      admin.email,
      `a proposal waits for a second administrator (#${p.id})`,
      [
        `${proposer} proposed: ${describeProposal(p)}.`,
        ...(p.reason ? [`Reason: ${p.reason}`] : []),
        "It takes effect only when a different administrator approves it. Review the whole case in the console:",
      ],
      proposalsUrl(deps),
    );
    await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `proposal-waiting:${p.id}:${admin.id}` });
  }
}

/** To the proposer, when a different administrator approved or declined their proposal. */
export async function mailProposalDecided(trx: Transaction<DB>, deps: NotifyDeps, p: Proposal) {
  if (!p.decidedBy || p.decidedBy.id === p.proposedBy.id) return;
  const proposer = await trx
    .selectFrom("user")
    .innerJoin("user_profiles", "user_profiles.id", "user.id")
    .select("user.email")
    .where("user.id", "=", p.proposedBy.id)
    .where("user_profiles.deleted_at", "is", null)
    .executeTakeFirst();
  if (!proposer) return;
  const decider = p.decidedBy.email ?? p.decidedBy.id;
  const verdict = p.status === "approved" ? "approved" : "declined";
  const mail = proposalMail(
    proposer.email,
    `your proposal #${p.id} was ${verdict}`,
    [
      `${decider} ${verdict} your proposal: ${describeProposal(p)}.`,
      ...(p.decisionReason ? [`Reason: ${p.decisionReason}`] : []),
    ],
    proposalsUrl(deps),
  );
  await deps.mailOutbox.enqueue(mail, { db: trx, dedupeKey: `proposal-decided:${p.id}` });
}
