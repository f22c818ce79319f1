/**
 * The dynamic imports of the pages behind QueryLayout (./router.tsx). In their own chunk, they keep Vite's
 * preload list of those pages' chunks out of the entry chunk that "/" loads (docs/decisions/003-web-bundle-budget.md).
 */
export const queryLayout = () => import("~/web/app/query-layout");
export const auth = () => import("~/web/routes/auth");
export const games = () => import("~/web/routes/games");
export const ticTacToe = () => import("~/web/routes/tic-tac-toe");
export const quizzes = () => import("~/web/routes/quizzes");
export const videos = () => import("~/web/routes/videos");
export const wallet = () => import("~/web/routes/wallet");
export const admin = () => import("~/web/routes/admin");
export const kyc = () => import("~/web/routes/kyc");
export const referral = () => import("~/web/routes/referral");
export const updatePassword = () => import("~/web/routes/update-password");
