import { z } from "zod";
import { DELETE_CONFIRMATION } from "../account";
import { referredFriendSchema } from "./referrals";

/** Answers of /api/me and /api/ledger. */
export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  profile: z.object({ points: z.number().int(), referralCode: z.string() }),
});

export const balanceResponseSchema = z.object({
  balance: z.number().int(),
  /** Coins recorded but not yet in the balance: referral bonuses while they clear (docs/product.md). */
  pending: z.number().int(),
});

/** One row of the user's coin ledger (the operators' console and the data download list rows). */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  reason: z.string(),
  /** Positive for earnings; negative for anything that takes coins away. */
  amount: z.number().int(),
  createdAt: z.iso.datetime(),
});

/**
 * One line of the user's coin history (docs/product.md "Wallet"), grouped by the server: the rows of one quiz
 * session (its right answers and its completion bonus) are one line of kind "quiz_session" with their whole
 * amount ('Science Facts: 5 correct +50, completion +10'); every other row is a line of its own.
 */
export const historyLineSchema = z.object({
  /** The line's first ledger row: its place in the history (newest first) and the cursor of the next page. */
  id: z.number().int(),
  /** The row's kind, or "quiz_session" for a quiz session's rows. */
  kind: z.string(),
  reason: z.string(),
  /** The sum of the line's rows, all of them, whichever page the line is on. */
  amount: z.number().int(),
  /** The line's first row's time. */
  createdAt: z.iso.datetime(),
  /** How many ledger rows the line stands for. */
  rows: z.number().int().positive(),
});

/** GET /api/ledger/transactions: a page of the history's lines. */
export const transactionsPageSchema = z.object({
  entries: z.array(historyLineSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});

/** A page of ledger rows, newest first (the operators' console). */
export const ledgerRowsPageSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});

export type BalanceResponse = z.output<typeof balanceResponseSchema>;
export type MeResponse = z.output<typeof meResponseSchema>;
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;
export type HistoryLine = z.output<typeof historyLineSchema>;
export type TransactionsPage = z.output<typeof transactionsPageSchema>;

// /api/account (the account page; docs/product.md "Your account"): its requests, then its answers.

/** The password of a fresh password check (deletion, the KYC document download). */
const password = z.string().min(1, "Enter your password.").max(128);

/** POST /api/account/delete. */
export const deleteAccountSchema = z.object({
  password,
  confirmation: z.literal(DELETE_CONFIRMATION, { error: `Type ${DELETE_CONFIRMATION} to confirm.` }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** POST /api/account/export/kyc-documents/:id. */
export const passwordCheckSchema = z.object({ password });

/** A session id as better-auth makes them (32 URL-safe characters); anything else names nothing. */
export const sessionIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** A KYC submission id (uuid). */
export const kycSubmissionParams = z.object({ id: z.uuid() });

/** One signed-in session of the user, as /account lists it (GET /api/account/sessions). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome 131 on Linux", parsed from the stored user agent; "Unknown device" without one. */
  device: z.string(),
  /** The client address the session signed in from, as stored (no geolocation is looked up). */
  ipAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When the session was last refreshed (better-auth renews it at most once a day while it is used). */
  lastActiveAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The session of the request that asked. */
  current: z.boolean(),
});

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const sessionsEndedSchema = z.object({ ended: z.number().int().nonnegative() });

/** POST /api/account/delete. */
export const accountDeletedSchema = z.object({
  deleted: z.literal(true),
  /** Coins the account still held, forfeited with it. */
  forfeitedCoins: z.number().int().nonnegative(),
  /** Pending redemptions cancelled (and refunded to the balance) before the deletion. */
  cancelledRedemptions: z.array(z.number().int()),
});

export type AccountSession = z.output<typeof accountSessionSchema>;
export type AccountSessions = z.output<typeof accountSessionsSchema>;
export type AccountDeleted = z.output<typeof accountDeletedSchema>;

const when = z.iso.datetime();
const maybeWhen = z.iso.datetime().nullable();
const referralBonus = referredFriendSchema.shape.bonus;
const ownReferralBonus = z.enum(["pending", "available"]).nullable();

/**
 * GET /api/account/export: everything the app holds about the user (docs/product.md "Your data"), streamed.
 * Other people appear masked (a friend's address) or by role ("administrator"), never by id or address.
 */
export const accountExportSchema = z.object({
  format: z.literal("play-learn-earn-data/1"),
  exportedAt: when,
  user: z.object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: when,
    role: z.string(),
    suspended: z.boolean(),
    suspensionReason: z.string().nullable(),
    suspendedUntil: maybeWhen,
  }),
  profile: z.object({
    balance: z.number().int(),
    /** Coins recorded but not yet in the balance (referral bonuses while they clear), as the wallet shows them. */
    pending: z.number().int(),
    referralCode: z.string().nullable(),
    referredBy: z.string().nullable(),
    signUpIp: z.string().nullable(),
    createdAt: maybeWhen,
  }),
  /**
   * Browsers that signed in to the account: described ("Firefox 128 on Linux") and dated, and whether the account
   * was signed up with it. Never the device id, which exempts a browser from the sign-in lock.
   */
  devices: z.array(
    z.object({ browser: z.string(), signedUpWith: z.boolean(), firstSeenAt: when, lastSeenAt: when }),
  ),
  sessions: z.array(
    z.object({
      device: z.string(),
      userAgent: z.string().nullable(),
      ipAddress: z.string().nullable(),
      createdAt: when,
      lastActiveAt: when,
      expiresAt: when,
    }),
  ),
  kyc: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      fullName: z.string(),
      /** Masked as the user sees it (the full id is sealed; only reviewers open it). */
      documentId: z.string(),
      documentType: z.string(),
      documentSize: z.number().int(),
      decisionReason: z.string().nullable(),
      submittedAt: when,
      decidedAt: maybeWhen,
      documentDeletedAt: maybeWhen,
      /** The bytes: POST /api/account/export/kyc-documents/{id} with the password. */
      documentAvailable: z.boolean(),
    }),
  ),
  redemptions: z.array(
    z.object({
      id: z.number().int(),
      coins: z.number().int(),
      cents: z.number().int(),
      method: z.string(),
      recipient: z.string(),
      status: z.string(),
      provider: z.string().nullable(),
      providerReference: z.string().nullable(),
      reason: z.string().nullable(),
      requestedAt: when,
      decidedAt: maybeWhen,
      paidAt: maybeWhen,
      updatedAt: when,
    }),
  ),
  /**
   * As the pages state them: `bonus` is the pair's state on the referral page (GET /api/referrals: "paid" is
   * 'Bonus available'); `yourBonus` the user's own 50 coins of the pair as the wallet shows them — "pending"
   * (apart from the balance), "available" (in it) or null (none recorded).
   */
  referrals: z.object({
    made: z.array(
      z.object({ friend: z.string(), joinedAt: when, bonus: referralBonus, yourBonus: ownReferralBonus }),
    ),
    received: z
      .object({ referrer: z.string(), joinedAt: when, bonus: referralBonus, yourBonus: ownReferralBonus })
      .nullable(),
  }),
  /** Equals the sum of `ledger`'s amounts. */
  balance: z.number().int(),
  // The rows as the ledger holds them; the quiz sessions are their own section.
  ledger: z.array(ledgerEntrySchema),
  games: z.array(
    z.object({
      id: z.string(),
      game: z.string(),
      board: z.string(),
      status: z.string(),
      startedAt: when,
      finishedAt: maybeWhen,
      unpaidReason: z.string().nullable(),
    }),
  ),
  quizSessions: z.array(
    z.object({
      id: z.string(),
      quiz: z.string(),
      startedAt: when,
      completedAt: maybeWhen,
      practice: z.boolean(),
      answers: z.array(
        z.object({ question: z.string(), chosen: z.string(), correct: z.boolean(), answeredAt: when }),
      ),
    }),
  ),
  videoWatches: z.array(
    z.object({ id: z.string(), video: z.string(), startedAt: when, completedAt: maybeWhen }),
  ),
  auditEntries: z.array(
    z.object({
      at: when,
      by: z.enum(["you", "administrator", "system"]),
      action: z.string(),
      about: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      reason: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.output<typeof accountExportSchema>;

/** GET /api/account/export/kyc-documents: the user's KYC submissions whose document can be downloaded. */
export const accountKycDocumentsSchema = z.object({
  documents: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      documentType: z.string(),
      submittedAt: z.iso.datetime(),
      /** False once the retention job (KYC_RETENTION_DAYS after the decision) deleted the bytes. */
      available: z.boolean(),
    }),
  ),
});
export type AccountKycDocuments = z.output<typeof accountKycDocumentsSchema>;
