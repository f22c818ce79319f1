import { auditActionLabels } from "./admin";
import type { AuditEntry } from "./api/admin";
import { formatCount } from "./coins";

/**
 * An audit entry as a sentence for the console (docs/product.md, "Audit log"): who did what to whom, with the
 * amounts and the reason; the raw record stays one click away. Unknown actions fall back to their label.
 */
type Fields = Record<string, unknown>;
const fields = (v: unknown): Fields => (typeof v === "object" && v !== null ? (v as Fields) : {});
const num = (v: unknown) => (typeof v === "number" ? v : Number(v ?? 0));
const coins = (n: number) => `${formatCount(Math.abs(n))} coins`;

export function auditSentence(e: AuditEntry): string {
  const actor = e.actor ? (e.actor.email ?? e.actor.id) : "The system";
  const target = e.targetEmail ?? e.targetId;
  const before = fields(e.before);
  const after = fields(e.after);
  const redemption = `redemption #${e.targetId}`;
  const proposedBy = typeof after.proposedBy === "string" ? " (a second administrator's approval)" : "";
  let text: string;
  switch (e.action) {
    case "coins.adjust": {
      const amount = num(after.amount);
      text = `${actor} ${amount >= 0 ? "added" : "took"} ${coins(amount)} ${amount >= 0 ? "to" : "from"} ${target}'s balance (${formatCount(num(before.balance))} → ${formatCount(num(after.balance))})${proposedBy}.`;
      break;
    }
    case "user.ban":
      text = `${actor} banned ${target} ${after.banExpires ? `until ${String(after.banExpires)}` : "with no end date"}${after.sessionsEnded === undefined ? "" : ` and ended ${num(after.sessionsEnded)} sessions`}.`;
      break;
    case "user.unban":
      text = `${actor} lifted the ban on ${target}.`;
      break;
    case "sessions.revoke":
      text = `${actor} signed ${target} out everywhere (${num(after.sessionsEnded)} sessions ended).`;
      break;
    case "role.grant":
      text = `${actor} made ${target} an administrator${proposedBy}.`;
      break;
    case "role.revoke":
      text = `${actor} removed the administrator role from ${target}${proposedBy}${after.proposalsWithdrawn ? `; ${num(after.proposalsWithdrawn)} waiting proposals of theirs were withdrawn` : ""}.`;
      break;
    case "referral.release":
      text = `${actor} released the referral bonus of ${target}: ${coins(num(after.friendCoins))} to the friend and ${coins(num(after.referrerCoins))} to the referrer.`;
      break;
    case "referral.decline":
      text = `${actor} declined the referral bonus of ${target}: nothing was paid.`;
      break;
    case "kyc.approve":
      text = `${actor} approved KYC submission ${e.targetId}.`;
      break;
    case "kyc.reject":
      text = `${actor} rejected KYC submission ${e.targetId}.`;
      break;
    case "redemption.approve":
      text = `${actor} approved ${redemption}${after.coins === undefined ? "" : ` (${coins(num(after.coins))})`}${proposedBy}.`;
      break;
    case "redemption.reject":
      text = `${actor} rejected ${redemption}; its coins went back to the user${after.notPaid ? " (confirmed not paid)" : ""}.`;
      break;
    case "redemption.mark_paid":
      text = `${actor} marked ${redemption} paid (reference ${String(after.reference ?? "—")}).`;
      break;
    case "redemption.retry":
      text = `${actor} retried the payout of ${redemption}.`;
      break;
    case "redemption.recheck":
      text = `${actor} asked the payout provider about ${redemption} again.`;
      break;
    case "proposal.create":
      text =
        after.kind === "coins.adjust"
          ? `${actor} proposed ${num(after.amount) >= 0 ? "adding" : "taking"} ${coins(num(after.amount))} ${num(after.amount) >= 0 ? "to" : "from"} ${target}; it waits for a second administrator.`
          : after.kind === "role.change"
            ? `${actor} proposed ${after.role === "admin" ? `making ${target} an administrator` : `removing the administrator role from ${target}`}; it waits for a second administrator.`
            : `${actor} proposed approving ${redemption} (${coins(num(after.amount))}); it waits for a second administrator.`;
      break;
    case "proposal.approve":
      text = `${actor} approved proposal #${num(after.proposalId)} (${e.targetType === "redemption" ? redemption : target}), made by another administrator.`;
      break;
    case "proposal.withdraw":
      text = `${actor} withdrew proposal #${num(after.proposalId)} (${e.targetType === "redemption" ? redemption : target}); nothing moved.`;
      break;
    default:
      text = `${actor}: ${auditActionLabels[e.action] ?? e.action} on ${e.targetType} ${target}.`;
  }
  return e.reason ? `${text} Reason: “${e.reason}”.` : text;
}
