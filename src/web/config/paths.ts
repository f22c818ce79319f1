/** Every URL of the app (SPEC §2) in one place. Pages and links read from here, never hard-code a path. */
export const paths = {
  home: { path: "/", getHref: () => "/" },
  auth: {
    path: "/auth",
    getHref: (options?: { ref?: string }) =>
      options?.ref ? `/auth?ref=${encodeURIComponent(options.ref)}` : "/auth",
  },
  games: { path: "/games", getHref: () => "/games" },
  ticTacToe: { path: "/games/tic-tac-toe", getHref: () => "/games/tic-tac-toe" },
  quizzes: { path: "/quizzes", getHref: () => "/quizzes" },
  videos: { path: "/videos", getHref: () => "/videos" },
  wallet: { path: "/wallet", getHref: () => "/wallet" },
  admin: { path: "/admin", getHref: () => "/admin" },
  adminUsers: {
    path: "users",
    getHref: (search?: string) => (search ? `/admin/users?q=${encodeURIComponent(search)}` : "/admin/users"),
  },
  adminUser: {
    path: "users/:userId",
    getHref: (userId: string) => `/admin/users/${encodeURIComponent(userId)}`,
  },
  adminAudit: { path: "audit", getHref: () => "/admin/audit" },
  adminReferrals: { path: "referrals", getHref: () => "/admin/referrals" },
  kyc: { path: "/kyc", getHref: () => "/kyc" },
  referral: { path: "/referral", getHref: () => "/referral" },
  updatePassword: { path: "/update-password", getHref: () => "/update-password" },
  notFound: { path: "*" },
} as const;
