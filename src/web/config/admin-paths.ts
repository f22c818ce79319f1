/**
 * URLs of the admin console's pages (below /admin), apart from config/paths.ts so that the "/" bundle does not
 * carry them: only the lazily loaded console reads them.
 */
export const adminPaths = {
  users: {
    path: "users",
    getHref: (search?: string) => (search ? `/admin/users?q=${encodeURIComponent(search)}` : "/admin/users"),
  },
  user: {
    path: "users/:userId",
    getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  },
  audit: { path: "audit", getHref: () => "/admin/audit" },
  redemptions: { path: "redemptions", getHref: () => "/admin/redemptions" },
  kyc: { path: "kyc", getHref: () => "/admin/kyc" },
  referrals: { path: "referrals", getHref: () => "/admin/referrals" },
  proposals: { path: "proposals", getHref: () => "/admin/proposals" },
} as const;
