/**
 * The dynamic imports of the pages behind QueryLayout (./router.tsx). In their own chunk, they keep Vite's
 * preload list of those pages' chunks out of the entry chunk that "/" loads (docs/decisions/003-web-bundle-budget.md).
 *
 * Each resolves two tasks after its chunks have run, so evaluating a page's modules and hydrating it are separate
 * main-thread tasks, and the work those modules queued (tailwind-merge's two set-up steps, lib/cn.ts) runs in
 * tasks of its own before the hydration, not inside it (docs/decisions/044-short-main-thread-tasks.md).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const settled = <T>(load: Promise<T>) =>
  load.then(async (page) => {
    await nextTask();
    await nextTask();
    return page;
  });

export const queryLayout = () =>
  settled(import("~/web/app/query-layout").then((m) => ({ default: m.QueryLayout })));
export const auth = () => settled(import("~/web/routes/auth").then((m) => ({ default: m.AuthRoute })));
export const games = () => settled(import("~/web/routes/games").then((m) => ({ default: m.GamesRoute })));
export const ticTacToe = () =>
  settled(import("~/web/routes/tic-tac-toe").then((m) => ({ default: m.TicTacToeRoute })));
export const quizzes = () =>
  settled(import("~/web/routes/quizzes").then((m) => ({ default: m.QuizzesRoute })));
export const videos = () => settled(import("~/web/routes/videos").then((m) => ({ default: m.VideosRoute })));
export const wallet = () => settled(import("~/web/routes/wallet").then((m) => ({ default: m.WalletRoute })));
export const admin = () => settled(import("~/web/routes/admin").then((m) => ({ default: m.AdminRoute })));
export const kyc = () => settled(import("~/web/routes/kyc").then((m) => ({ default: m.KycRoute })));
export const referral = () =>
  settled(import("~/web/routes/referral").then((m) => ({ default: m.ReferralRoute })));
export const account = () =>
  settled(import("~/web/routes/account").then((m) => ({ default: m.AccountRoute })));
// /terms and /privacy sit outside QueryLayout; listed here too, so their chunk's preload list stays out of the entry.
export const legal = () => settled(import("~/web/routes/legal").then((m) => ({ default: m.LegalRoute })));
export const updatePassword = () =>
  settled(import("~/web/routes/update-password").then((m) => ({ default: m.UpdatePasswordRoute })));
/** The signed-in "/" (app/router.tsx). */
export const dashboard = () =>
  settled(import("~/web/routes/dashboard").then((m) => ({ default: m.DashboardRoute })));
export const offers = () => settled(import("~/web/routes/offers").then((m) => ({ default: m.OffersRoute })));
