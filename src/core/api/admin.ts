import { z } from "zod";
import { adminReason, MAX_ADJUSTMENT, roles } from "../admin";
import { ledgerRowsPageSchema } from "./account";

/**
 * The operators' console (/api/admin): the requests it sends and the answers it reads. Its rules (roles, the
 * reason's words, the largest adjustment, page sizes) are in ../admin; the KYC, redemption, referral-review and
 * proposal parts of the console are in ./kyc, ./redemptions, ./referrals and ./dual-control.
 */

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
    .refine((n) => n !== 0, "Enter a number of coins other than 0.")
    // Stated in the document: 0 is refused.
    .meta({ not: { const: 0 } }),
  reason: adminReason,
});
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

/** POST /api/admin/users/:userId/ban: `expiresAt` (ISO date-time in the future) or none for a ban without end. */
export const banInput = z.object({
  reason: adminReason,
  expiresAt: z.iso
    .datetime({ offset: true, message: "Give the end of the ban as a date and time." })
    .describe("Must be in the future (422 VALIDATION_FAILED otherwise).")
    .nullish(),
});
export type BanInput = z.infer<typeof banInput>;

export const reasonInput = z.object({ reason: adminReason });

/** POST /api/admin/users/:userId/role. */
export const roleInput = z.object({ role: z.enum(roles), reason: adminReason });

export const userIdParam = z.object({ userId: z.string().min(1).max(100) });

/** A place in the users list: an opaque key of one row (its sign-up time and id), as the list hands it out. */
const usersCursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "This is not a place in the users list.")
  .meta({ examples: ["WyIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJleGFtcGxlLXVzZXItaWQiXQ"] });

/**
 * GET /api/admin/users: newest first, a page at a time by key: `after` a row's cursor for the older users that
 * follow it, `before` for the newer ones that precede it; both: the rows between the two places, older first.
 */
export const userSearchQuery = z.object({
  /** Part of an e-mail address, or a user id. */
  q: z.string().trim().max(200).optional(),
  after: usersCursor.optional(),
  before: usersCursor.optional(),
});

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

/** Answers of /api/admin. */
export const adminOverviewSchema = z.object({
  users: z.object({ total: z.number().int(), newLast7Days: z.number().int() }),
  /** Coins paid out (positive ledger rows) since the start of today (UTC) and in the last 7 days, per kind. */
  issued: z.array(z.object({ kind: z.string(), today: z.number().int(), last7Days: z.number().int() })),
  /** What the platform owes: the sum of all balances. */
  /** What the platform owes: the balances of live (not deleted) accounts (docs/product.md, "Liability"). */
  liability: z.object({ coins: z.number().int(), dollars: z.string() }),
  /** Breakage: the balances deleted accounts forfeited, kept in the books but owed to nobody. */
  breakage: z.object({ coins: z.number().int(), dollars: z.string(), accounts: z.number().int() }),
  /** Work waiting for an operator, one entry per area that has a queue (KYC, redemptions, referral reviews…). */
  pending: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      count: z.number().int(),
      href: z.string(),
      /** The queue's value in dollars, where its items carry one (redemptions). */
      dollars: z.string().optional(),
    }),
  ),
  /** The dual-control thresholds (0 = off), and the warning the overview shows when a half of it is off. */
  dualControl: z.object({
    coins: z.number().int(),
    dollars: z.number().int(),
    dailyDollars: z.number().int(),
    creditWindowDays: z.number().int(),
    warning: z.string().nullable(),
  }),
});

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(roles),
  banned: z.boolean(),
  balance: z.number().int(),
  createdAt: z.iso.datetime(),
  /** When the account holder deleted the account (anonymised; its balance forfeited), else null. */
  deletedAt: z.iso.datetime().nullable(),
});

/**
 * A page of the users list. No total: counting a million users on every page is what a page must not cost. The
 * cursors lead to the older (`nextCursor`) and newer (`prevCursor`) neighbouring pages, null where there is none.
 */
export const adminUserListSchema = z.object({
  users: z.array(adminUserRowSchema),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
  pageSize: z.number().int(),
});

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    banReason: z.string().nullable(),
    banExpires: z.iso.datetime().nullable(),
    /** Listed in ADMIN_EMAILS: the console can neither ban nor demote this account. */
    listedAdmin: z.boolean(),
  }),
  referralCode: z.string().nullable(),
  referredBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  referrals: z.array(z.object({ id: z.string(), email: z.string(), createdAt: z.iso.datetime() })),
  signUpIp: z.string().nullable(),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.iso.datetime(),
      expiresAt: z.iso.datetime(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});

/** A user's coin history as the console pages it: row by row, each with its kind (the wallet shows lines). */
export const adminLedgerPageSchema = ledgerRowsPageSchema;

/** A coin adjustment answered as applied (200/201). Above DUAL_CONTROL_COINS it is a proposal instead (202). */
export const adjustmentResultSchema = z.object({
  entryId: z.number().int(),
  amount: z.number().int(),
  balance: z.number().int(),
  auditId: z.number().int(),
  /** True when this answers a resend of an adjustment id already applied: nothing changed this time. */
  replayed: z.boolean(),
});

export const banResultSchema = z.object({
  banned: z.literal(true),
  banReason: z.string(),
  banExpires: z.iso.datetime().nullable(),
  sessionsEnded: z.number().int(),
});

export const unbanResultSchema = z.object({ banned: z.literal(false) });

export const revokeSessionsResultSchema = z.object({ sessionsEnded: z.number().int() });

export const roleResultSchema = z.object({
  role: z.enum(roles),
  /** False when the user already had that role (nothing was written). */
  changed: z.boolean(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetEmail: z.string().nullable(),
  /** The state before and after the change, as the action recorded it. */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.number().int().nullable(),
});

export type AdminOverview = z.output<typeof adminOverviewSchema>;
export type AdminUserRow = z.output<typeof adminUserRowSchema>;
export type AdminUserList = z.output<typeof adminUserListSchema>;
export type AdminUserDetail = z.output<typeof adminUserDetailSchema>;
export type AdminLedgerPage = z.output<typeof adminLedgerPageSchema>;
export type AdjustmentResult = z.output<typeof adjustmentResultSchema>;
export type BanResult = z.output<typeof banResultSchema>;
export type UnbanResult = z.output<typeof unbanResultSchema>;
export type RevokeSessionsResult = z.output<typeof revokeSessionsResultSchema>;
export type RoleResult = z.output<typeof roleResultSchema>;
export type AuditEntry = z.output<typeof auditEntrySchema>;
export type AuditPage = z.output<typeof auditPageSchema>;
