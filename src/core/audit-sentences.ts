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

/** A KYC submission named by its person ("the KYC submission of a@example.com"), its id only when none is known. */
const kycSubmission = (e: AuditEntry) =>
  e.targetEmail ? `the KYC submission of ${e.targetEmail}` : `KYC submission ${e.targetId}`;

/** A content change's before → after, field by field (only the fields that changed). */
function changeSummary(before: Fields, after: Fields): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  const show = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? `“${v}”` : JSON.stringify(v));
  return keys.length ? `: ${keys.map((k) => `${k} ${show(before[k])} → ${show(after[k])}`).join("; ")}` : "";
}

/** A content editor's role given or taken (`role.set`), and the content console's changes (`content.*`). */
function roleOrContentSentence(e: AuditEntry, actor: string, target: string, proposedBy: string) {
  const after = fields(e.after);
  if (e.action === "role.set")
    return after.role === "editor"
      ? `${actor} made ${target} a content editor${proposedBy}.`
      : `${actor} removed the content editor role from ${target}${proposedBy}.`;
  if (e.action.startsWith("content."))
    return `${actor}: ${auditActionLabels[e.action] ?? e.action} (${e.targetType} ${e.targetId})${changeSummary(fields(e.before), after)}.`;
  return undefined;
}

/** A held partner credit decided (`partner.credit_release`, `partner.credit_decline`; "Earning partners"). */
function partnerCreditSentence(e: AuditEntry, actor: string) {
  const before = fields(e.before);
  const after = fields(e.after);
  const what = `held partner credit #${e.targetId} (${coins(num(after.coins))} from ${String(before.partner ?? "a partner")})`;
  if (e.action === "partner.credit_decline") return `${actor} declined ${what}: nothing was paid.`;
  if (e.action === "partner.credit_release")
    return after.state === "pending"
      ? `${actor} released ${what}: pending until its release date.`
      : `${actor} released ${what}: paid.`;
  return undefined;
}

/**
 * A piece of an audit sentence: the app's own words, or a free text from the books (`words`: a reason, a payout
 * reference) that the console shows isolated (docs/product.md, "Reasons are words").
 */
export interface SentencePart {
  text: string;
  words?: true;
}

/** The sentence in pieces, so the console can isolate the free texts in it (the `Words` component). */
export function auditSentenceParts(e: AuditEntry): SentencePart[] {
  const body = sentenceBody(e);
  const parts = typeof body === "string" ? [{ text: body }] : body;
  return e.reason
    ? [...parts, { text: " Reason: “" }, { text: e.reason, words: true }, { text: "”." }]
    : parts;
}

export function auditSentence(e: AuditEntry): string {
  return auditSentenceParts(e)
    .map((p) => p.text)
    .join("");
}

/** What a proposal would do ("adding 6,000 coins to a@b.c"), as `proposal.create` records it. */
function proposedChange(e: AuditEntry, target: string, redemption: string): string {
  const after = fields(e.after);
  const amount = num(after.amount);
  if (after.kind === "coins.adjust")
    return `${amount >= 0 ? "adding" : "taking"} ${coins(amount)} ${amount >= 0 ? "to" : "from"} ${target}`;
  if (after.kind === "role.change")
    return after.role === "admin"
      ? `making ${target} an administrator`
      : after.role === "editor"
        ? `making ${target} a content editor`
        : `removing the administrator role from ${target}`;
  if (after.kind === "kyc.approve") return `approving ${kycSubmission(e)}`;
  return `approving ${redemption} (${coins(amount)})`;
}

function sentenceBody(e: AuditEntry): string | SentencePart[] {
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
      text = `${actor} approved ${kycSubmission(e)}.`;
      break;
    case "kyc.reject":
      text = `${actor} rejected ${kycSubmission(e)}.`;
      break;
    case "redemption.approve":
      text = `${actor} approved ${redemption}${after.coins === undefined ? "" : ` (${coins(num(after.coins))})`}${proposedBy}.`;
      break;
    case "redemption.reject":
      text = `${actor} rejected ${redemption}; its coins went back to the user${after.notPaid ? " (confirmed not paid)" : ""}.`;
      break;
    case "redemption.mark_paid":
      return [
        { text: `${actor} marked ${redemption} paid (reference ` },
        after.reference === undefined || after.reference === null
          ? { text: "—" }
          : { text: String(after.reference), words: true },
        { text: ")." },
      ];
    case "redemption.retry":
      text = `${actor} retried the payout of ${redemption}.`;
      break;
    case "redemption.recheck":
      text = `${actor} asked the payout provider about ${redemption} again.`;
      break;
    case "proposal.create":
      text = `${actor} proposed ${proposedChange(e, target, redemption)}; it waits for a second administrator.`;
      break;
    case "proposal.approve":
      text = `${actor} approved proposal #${num(after.proposalId)} (${e.targetType === "redemption" ? redemption : target}), made by another administrator.`;
      break;
    case "proposal.withdraw":
      text = `${actor} withdrew proposal #${num(after.proposalId)} (${e.targetType === "redemption" ? redemption : target}); nothing moved.`;
      break;
    default:
      text =
        roleOrContentSentence(e, actor, target, proposedBy) ??
        partnerCreditSentence(e, actor) ??
        `${actor}: ${auditActionLabels[e.action] ?? e.action} on ${e.targetType} ${target}.`;
  }
  return text;
}
