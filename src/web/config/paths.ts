/** Every URL of the app (docs/product.md) in one place. Pages and links read from here, never hard-code a path. */
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
  kyc: { path: "/kyc", getHref: () => "/kyc" },
  referral: { path: "/referral", getHref: () => "/referral" },
  offers: { path: "/offers", getHref: () => "/offers" },
  account: { path: "/account", getHref: () => "/account" },
  terms: { path: "/terms", getHref: () => "/terms" },
  privacy: { path: "/privacy", getHref: () => "/privacy" },
  help: { path: "/help", getHref: () => "/help" },
  updatePassword: { path: "/update-password", getHref: () => "/update-password" },
  notFound: { path: "*" },
} as const;
