import { z } from "zod";
import { wordsField } from "./words";

/** Roles of better-auth's admin plugin as this app uses them: everyone is a `user`; operators are `admin`s. */
export const roles = ["user", "admin"] as const;
export type Role = (typeof roles)[number];

/** Coin adjustments, role changes and other sensitive admin changes need a session signed in this recently. */
export const FRESH_SESSION_MINUTES = 15;

// The console's answers are declared once, as schemas, in ./api/admin (which imports the roles from here).

/** Reasons an administrator gives (adjustments, bans, role changes): shown in the audit log. */
export const adminReason = wordsField({
  min: 3,
  max: 200,
  tooShort: "Give a reason of at least 3 characters.",
  tooLong: "Keep the reason under 200 characters.",
});

/** Largest single coin adjustment, either way. */
export const MAX_ADJUSTMENT = 1_000_000;

/**
 * POST /api/admin/users/:userId/adjustments: +N adds coins, −N takes them (never below 0). `adjustmentId` is
 * made by the console once per intended adjustment and sent again with every resend of it: the server applies
 * an id once, answers a resend with the first result, and refuses the id for a different adjustment (409).
 */
export const adjustmentInput = z.object({
  adjustmentId: z.uuid("The adjustment id must be a UUID."),
  amount: z
    .number()
    .int("Enter a whole number of coins.")
    .min(-MAX_ADJUSTMENT, `At most ${MAX_ADJUSTMENT} coins at a time.`)
    .max(MAX_ADJUSTMENT, `At most ${MAX_ADJUSTMENT} coins at a time.`)
    .refine((n) => n !== 0, "Enter a number of coins other than 0."),
  reason: adminReason,
});
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

/** POST /api/admin/users/:userId/ban: `expiresAt` (ISO date-time in the future) or none for a ban without end. */
export const banInput = z.object({
  reason: adminReason,
  expiresAt: z.iso
    .datetime({ offset: true, message: "Give the end of the ban as a date and time." })
    .nullish(),
});
export type BanInput = z.infer<typeof banInput>;

export const reasonInput = z.object({ reason: adminReason });

/** POST /api/admin/users/:userId/role. */
export const roleInput = z.object({ role: z.enum(roles), reason: adminReason });

export const userIdParam = z.object({ userId: z.string().min(1).max(100) });

export const userSearchQuery = z.object({
  /** Part of an e-mail address, or a user id. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const USERS_PAGE_SIZE = 20;

export const ledgerPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const auditQuery = z.object({
  /** The administrator's id or e-mail address. */
  actor: z.string().trim().max(200).optional(),
  /** The target's id (a user id for user actions). */
  target: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** Actions the audit log records, with words for the console. */
export const auditActionLabels: Record<string, string> = {
  "coins.adjust": "Coin adjustment",
  "user.ban": "Ban",
  "user.unban": "Unban",
  "sessions.revoke": "Sessions revoked",
  "role.grant": "Administrator granted",
  "role.revoke": "Administrator revoked",
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

/** Ledger kinds in the words users read (the console's earnings, the overview, the audit log). */
export const ledgerKindLabels: Record<string, string> = {
  ttt_win: "Tic Tac Toe wins",
  quiz_correct: "Quiz answers",
  quiz_bonus: "Quiz bonuses",
  video_watch: "Videos",
  referral_bonus: "Referral bonuses",
  adjustment: "Adjustments",
  redemption: "Redemptions",
  redemption_refund: "Redemption refunds",
};

/** Held referral bonuses per page of the review queue. */
export const REFERRAL_REVIEWS_PAGE_SIZE = 20;

export const referralReviewsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const referredIdParam = z.object({ referredId: z.string().min(1).max(100) });

/** Why a referral bonus pair is held: friend and referrer look like one person (server: referrals/same-person.ts). */
export const referralHoldReason =
  "The friend and the referrer look like one person: the same mailbox (ignoring case, +tags and Gmail dots), the same browser, or the address the referrer signed up or last signed in from.";

/** One held referral bonus pair, the friend's and the referrer's accounts side by side. */
export const heldReferralSchema = z.object({
  referredId: z.string(),
  friendEmail: z.string(),
  friendSignupIp: z.string().nullable(),
  referrerId: z.string(),
  referrerEmail: z.string(),
  referrerSignupIp: z.string().nullable(),
  /** When the friend signed up with the referrer's code. */
  referredAt: z.string(),
  why: z.string(),
});
export type HeldReferral = z.output<typeof heldReferralSchema>;

export const heldReferralPageSchema = z.object({
  items: z.array(heldReferralSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type HeldReferralPage = z.output<typeof heldReferralPageSchema>;

export const referralDecisionSchema = z.object({
  referredId: z.string(),
  status: z.enum(["released", "declined"]),
  /** Coins paid to the friend and to the referrer (0 when declined, or the referrer's 30-day limit was reached). */
  friendCoins: z.number().int(),
  referrerCoins: z.number().int(),
  auditId: z.number().int(),
});
export type ReferralDecision = z.output<typeof referralDecisionSchema>;
