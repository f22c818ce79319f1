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
  partners: { path: "partners", getHref: () => "/admin/partners" },
  proposals: { path: "proposals", getHref: () => "/admin/proposals" },
  content: { path: "content", getHref: () => "/admin/content" },
  contentPreview: {
    path: "content/quizzes/:quizId/preview",
    getHref: (quizId: string) => `/admin/content/quizzes/${encodeURIComponent(quizId)}/preview`,
  },
} as const;
