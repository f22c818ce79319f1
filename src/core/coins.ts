/** Business constants of docs/product.md and the coin ↔ dollar math, shared by server and browser. */

/**
 * docs/product.md: 1000 coins = $5.00, i.e. 0.005 dollars per coin (1 coin = half a cent; see coinsToCents). The
 * initial balance, 0, is the database default of user_profiles.points.
 */
export const REFERRAL_BONUS_COINS = 50;

export const ledgerKinds = [
  "ttt_win",
  "quiz_correct",
  "quiz_bonus",
  "video_watch",
  "referral_bonus",
  "adjustment",
  "redemption",
  "redemption_refund",
  "streak_bonus",
  "partner_credit",
  "partner_reversal",
  "debt_repayment",
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** Kinds a feature earns through its own server-verified action; amounts never come from a request. */
export type EarningKind = Exclude<
  LedgerKind,
  | "referral_bonus"
  | "adjustment"
  | "redemption"
  | "redemption_refund"
  | "partner_credit"
  | "partner_reversal"
  | "debt_repayment"
>;

/**
 * THE earning kinds: what a player earns by playing (a win, a quiz's right answer and its completion bonus, a
 * video watch). Defined here once; everything that asks "did the player earn by playing" reads it: the daily
 * goal (src/core/streak.ts), a referred friend's first earning and the release rule (src/server/referrals), the
 * earning answers' coins today (src/server/ledger) and the migrations that backfilled from the ledger. Referral
 * bonuses, adjustments, redemptions and streak bonuses are not earned by playing.
 */
export const PLAY_KINDS = [
  "ttt_win",
  "quiz_correct",
  "quiz_bonus",
  "video_watch",
] as const satisfies readonly EarningKind[];
export type PlayKind = (typeof PLAY_KINDS)[number];

/** True for a ledger kind a player earns by playing (PLAY_KINDS). */
export const isPlayKind = (kind: string): kind is PlayKind =>
  (PLAY_KINDS as readonly string[]).includes(kind);

/** PLAY_KINDS as an SQL list literal for migrations' text: `('ttt_win', 'quiz_correct', …)`. */
export const playKindsSqlList = `(${PLAY_KINDS.map((k) => `'${k}'`).join(", ")})`;

export const rewards: Record<EarningKind, { amount: number; reason: string }> = {
  ttt_win: { amount: 10, reason: "Tic Tac Toe win" },
  quiz_correct: { amount: 10, reason: "Quiz correct answer" },
  quiz_bonus: { amount: 10, reason: "Quiz completion bonus" },
  video_watch: { amount: 10, reason: "Video watch" },
  // The amount is configured (STREAK_BONUS_COINS): the ledger's policy decides it (ledger-policy.ts).
  streak_bonus: { amount: 25, reason: "Streak bonus" },
};

/** The reason of a streak milestone's bonus row: "Streak bonus: 7 days in a row". */
export const streakBonusReason = (milestone: number) => `Streak bonus: ${milestone} days in a row`;

export const referralReasons = {
  friend: "Referral bonus: you joined with a friend's code",
  referrer: (friend: string) => `Referral bonus: your friend ${friend} started earning`,
} as const;

/**
 * Whole cents for a coin amount, rounded half up in integer arithmetic
 * (floating point would round 0.015 down and 0.005 up).
 */
export function coinsToCents(coins: number): number {
  const whole = Math.trunc(coins);
  return Math.sign(whole) * Math.floor((Math.abs(whole) + 1) / 2);
}

/** "$X.YZ" value of a coin amount without the sign: 1000 → "5.00", 3 → "0.02". */
export function formatDollars(coins: number): string {
  const cents = Math.abs(coinsToCents(coins));
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The 'Coins Earned!' description of docs/product.md. */
export function coinsEarnedText(amount: number, reason: string, total: number): string {
  return `You earned ${amount} coins for ${reason}. Total: ${total}.`;
}

/** Hides most of an e-mail address for display to another user: "jane@example.com" → "ja***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/**
 * How every page, dialog, mail and audit sentence writes a count of coins: whole digits, ungrouped ("2000", as the
 * spec's own texts write '1000 Coins = $5.00 USD'), a negative with the minus sign ("−2000").
 */
export function formatCount(n: number): string {
  const whole = Math.trunc(n);
  return whole < 0 ? `−${Math.abs(whole)}` : String(whole);
}
