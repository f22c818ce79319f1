import type { LedgerKind } from "./coins";
import { wordsField } from "./words";

/**
 * Roles of better-auth's admin plugin as this app uses them: everyone is a `user`; operators are `admin`s; an
 * `editor` authors content (quizzes, videos) and nothing else — no coins, KYC, redemptions, users or audit beyond
 * content (docs/product.md, "Content operations").
 */
export const roles = ["user", "admin", "editor"] as const;
export type Role = (typeof roles)[number];

/** Who may author content: editors, and administrators, who can do what editors do. */
export const contentRoles: readonly Role[] = ["admin", "editor"];

/** Coin adjustments, role changes and other sensitive admin changes need a session signed in this recently. */
export const FRESH_SESSION_MINUTES = 15;

// The console's requests and answers are declared once, as schemas, in ./api/admin (which imports these rules).

/** Reasons an administrator gives (adjustments, bans, role changes): shown in the audit log. */
export const adminReason = wordsField({
  min: 3,
  max: 200,
  tooShort: "Give a reason of at least 3 characters.",
  tooLong: "Keep the reason under 200 characters.",
});

/** Largest single coin adjustment, either way. */
export const MAX_ADJUSTMENT = 1_000_000;

/** Users per page of the console's user list. */
export const USERS_PAGE_SIZE = 20;

/** Actions the audit log records, with words for the console. */
export const auditActionLabels: Record<string, string> = {
  "partner.create": "Partner created (enabling proposed)",
  "partner.enable": "Partner enabled (dual control)",
  "partner.disable": "Partner disabled",
  "partner.rotate.propose": "Partner secret rotation proposed",
  "partner.rotate": "Partner secret rotated (dual control)",
  "partner.credit_release": "Held partner credit released",
  "partner.credit_decline": "Held partner credit declined",
  "coins.adjust": "Coin adjustment",
  "user.ban": "Ban",
  "user.unban": "Unban",
  "sessions.revoke": "Sessions revoked",
  "role.grant": "Administrator granted",
  "role.revoke": "Administrator revoked",
  "role.set": "Role changed",
  "content.quiz.create": "Quiz created",
  "content.quiz.update": "Quiz edited",
  "content.quiz.import": "Quiz imported",
  "content.quiz.publish": "Quiz published",
  "content.quiz.retire": "Quiz retired",
  "content.question.create": "Question added",
  "content.question.update": "Question edited",
  "content.question.delete": "Question removed",
  "content.video.create": "Video uploaded",
  "content.video.update": "Video edited",
  "referral.release": "Referral bonus released",
  "referral.decline": "Referral bonus declined",
  "kyc.approve": "KYC approved",
  "kyc.reject": "KYC rejected",
  "redemption.approve": "Redemption approved",
  "redemption.reject": "Redemption rejected",
  "redemption.mark_paid": "Redemption marked paid",
  "redemption.retry": "Payout retried",
  "redemption.recheck": "Payout re-checked",
  "proposal.create": "Proposal made (dual control)",
  "proposal.approve": "Proposal approved (dual control)",
  "proposal.withdraw": "Proposal withdrawn (dual control)",
};

/**
 * Ledger kinds in the words users read (the console's earnings, the overview, the audit log): one for every kind
 * (a kind without a label fails the type-check), so no raw kind is ever shown.
 */
export const ledgerKindLabels: Record<LedgerKind, string> & Record<string, string | undefined> = {
  ttt_win: "Tic Tac Toe wins",
  quiz_correct: "Quiz answers",
  quiz_bonus: "Quiz bonuses",
  video_watch: "Videos",
  referral_bonus: "Referral bonuses",
  adjustment: "Adjustments",
  redemption: "Redemptions",
  redemption_refund: "Redemption refunds",
  streak_bonus: "Streak bonuses",
  partner_credit: "Partner offers",
  partner_reversal: "Partner reversals",
  debt_repayment: "Debt repayments",
};

/** Held referral bonuses per page of the review queue. */
export const REFERRAL_REVIEWS_PAGE_SIZE = 20;

/** Why a referral bonus pair is held: friend and referrer look like one person (server: referrals/same-person.ts). */
export const referralHoldReason =
  "The friend and the referrer look like one person: the same mailbox (ignoring case, +tags and Gmail dots), the same browser, or the address the referrer signed up or last signed in from.";
