import type { OperationNote } from "./operation-notes";

/** Words for the /api/admin operations (the operators' console). */
export const adminNotes: Record<string, OperationNote> = {
  "GET /api/admin/overview": {
    summary: "Console overview",
    description:
      "Users, coins issued today and in 7 days per kind, the outstanding liability, and queue counts.",
    success: { status: 200, description: "`AdminOverview`" },
  },
  "GET /api/admin/users": {
    summary: "Find users",
    description: "By part of the e-mail address (any case) or by exact id; newest first, 20 a page.",
    success: { status: 200, description: "`AdminUserList`" },
  },
  "GET /api/admin/users/{userId}": {
    summary: "A user's profile",
    description:
      "Balance, ban state, referral code, referrer and referrals, sign-up address and live sessions.",
    success: { status: 200, description: "`AdminUserDetail`" },
  },
  "GET /api/admin/users/{userId}/ledger": {
    summary: "A user's coin history",
    success: { status: 200, description: "`{ entries, nextCursor }`, newest first" },
  },
  "POST /api/admin/users/{userId}/adjustments": {
    summary: "Add or take coins",
    description:
      "A ledger row of kind `adjustment` with the reason (shown to the user) and an audit row, in one transaction. Needs a session signed in within 15 minutes.",
    success: { status: 201, description: "`AdjustmentResult`" },
    errors: ["ADJUSTMENT_BELOW_ZERO"],
    rateLimited: true,
  },
  "POST /api/admin/users/{userId}/ban": {
    summary: "Ban a user",
    description: "Ends all of the user's sessions; sign-in and earning are refused until the ban ends.",
    success: { status: 200, description: "`{ banned, banReason, banExpires, sessionsEnded }`" },
    errors: ["SELF_ACTION"],
    rateLimited: true,
  },
  "POST /api/admin/users/{userId}/unban": {
    summary: "Lift a ban",
    success: { status: 200, description: "`{ banned: false }`" },
    errors: ["CONFLICT"],
    rateLimited: true,
  },
  "POST /api/admin/users/{userId}/revoke-sessions": {
    summary: "Sign a user out everywhere",
    success: { status: 200, description: "`{ sessionsEnded }`" },
    rateLimited: true,
  },
  "POST /api/admin/users/{userId}/role": {
    summary: "Grant or revoke the administrator role",
    description:
      "Needs a session signed in within 15 minutes; an administrator cannot change their own role.",
    success: { status: 200, description: "`{ role, changed }`" },
    errors: ["SELF_ACTION"],
    rateLimited: true,
  },
  "GET /api/admin/audit": {
    summary: "The audit log",
    description:
      "Every administrative action, newest first; filter by administrator, target (id or address) and action.",
    success: { status: 200, description: "`AuditPage`" },
  },
};
