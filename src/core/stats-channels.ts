import type { IssueChannel } from "./api/stats";
import type { LedgerKind } from "./coins";

/**
 * The channel each ledger kind issues coins through (docs/product.md, "The business in pictures"): a game win,
 * a quiz's answers and bonus, a video watch, a referral bonus, a streak bonus, an operator's adjustment.
 * Redemptions and their refunds issue nothing (they are not in the map).
 */
export const channelOfKind: Partial<Record<LedgerKind, IssueChannel>> = {
  ttt_win: "game",
  quiz_correct: "quiz",
  quiz_bonus: "quiz",
  video_watch: "video",
  referral_bonus: "referral",
  streak_bonus: "streak",
  adjustment: "adjustment",
};

/** The ledger kinds that issue coins through `channel`. */
export const kindsOfChannel = (channel: IssueChannel): LedgerKind[] =>
  (Object.keys(channelOfKind) as LedgerKind[]).filter((k) => channelOfKind[k] === channel);

/**
 * Each channel's name on the charts, in the order they stack (issueChannels' order, held by a test). No zod
 * here: the dashboard's chunk reads it, and the contract's schemas would bring zod along.
 */
export const channelLabels: Record<IssueChannel, string> = {
  game: "Games",
  quiz: "Quizzes",
  video: "Videos",
  referral: "Referrals",
  streak: "Streak bonuses",
  adjustment: "Adjustments",
};

/** The channels in the charts' order. */
export const chartChannels = Object.keys(channelLabels) as IssueChannel[];
