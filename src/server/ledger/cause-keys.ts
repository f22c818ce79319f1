/**
 * The one builder of ledger cause keys: every coin_ledger row carries a unique, server-made cause key, and a
 * cause seen before pays nothing (docs/product.md, "Coins"). The strings never change: stored rows, the
 * games' SQL (games.service.ts matches `ttt-win:` || games.id) and migration 0030 (`referral:<id>:friend`)
 * depend on them.
 */

/** A won Tic Tac Toe game. */
export const winCauseKey = (gameId: string) => `ttt-win:${gameId}`;

/**
 * A quiz session's correct answer and its completion bonus. The history groups a session's rows by the session id
 * in these keys (coin_ledger.group_key, migration 0200).
 */
export const quizCauseKeys = {
  answer: (sessionId: string, questionId: string) => `quiz:${sessionId}:${questionId}`,
  bonus: (sessionId: string) => `quiz-bonus:${sessionId}`,
};

/** A video watch session played to its end. */
export const watchCauseKey = (watchId: string) => `video-watch:${watchId}`;

/** The referral bonus pair of the referred friend: the friend's half and the referrer's half. */
export const referralCauseKeys = (referredUserId: string) => ({
  friend: `referral:${referredUserId}:friend`,
  referrer: `referral:${referredUserId}:referrer`,
});

/** A redemption's coins: held at request, refunded at most once. */
export const redemptionCauseKeys = (redemptionId: number) => ({
  hold: `redemption:${redemptionId}`,
  refund: `redemption-refund:${redemptionId}`,
});

/**
 * An administrator's balance adjustment: `adjustmentId` is the id the console made once for that adjustment
 * (kept across resends), scoped to the user it adjusts, so a resent request can never pay twice.
 */
export const adjustmentCauseKey = (userId: string, adjustmentId: string) =>
  `adjustment:${userId}:${adjustmentId}`;

/**
 * A streak milestone's bonus (docs/product.md, "Daily goal and streak"): once per user, UTC day and milestone,
 * whatever the retries.
 */
export const streakCauseKey = (userId: string, day: string, milestone: number) =>
  `streak:${userId}:${day}:${milestone}`;

/**
 * An earning partner's credit, its reversal and the debt of a reversal's spent coins: the partner's id and its transaction id (without a reversal's
 * `r-`), so a postback sent again can never pay twice, nor a reversal take twice.
 */
export const partnerCauseKeys = (partnerId: string, transactionId: string) => ({
  credit: `partner:${partnerId}:${transactionId}`,
  reversal: `partner-reversal:${partnerId}:${transactionId}`,
  /** The debt a reversal records for coins already spent (coin_debts). */
  debt: `partner-debt:${partnerId}:${transactionId}`,
});
