import type { Transaction } from "kysely";
import type { Proposal } from "~/core/api/dual-control";
import { describeProposal } from "~/core/dual-control";
import type { AppDeps } from "../app-deps";
import type { DB } from "../db/schema";
import { escapeHtml } from "../mail/links";
import type { MailMessage } from "../mail/mailer";

/**
 * Dual control's mail (docs/product.md, "Dual control"): the other administrators hear that a proposal waits, and
 * its proposer hears how it was decided. Queued through the mail outbox in the transaction that makes or decides
 * the proposal, so a crash loses neither the change nor its mail.
 */
export type NotifyDeps = Pick<AppDeps, "env" | "mailOutbox">;

const APP_NAME = "Play, Learn, Earn";
const proposalsUrl = (deps: NotifyDeps) => `${deps.env.appUrl}/admin/proposals`;

function message(to: string, subject: string, paragraphs: string[], url: string): MailMessage {
  return {
    to,
    subject: `${APP_NAME}: ${subject}`,
    text: `${paragraphs.join("\n\n")}\n\n${url}\n`,
    html: `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">
  ${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n  ")}
  <p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
</body>
</html>`,
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
    const mail = message(
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
  const mail = message(
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
