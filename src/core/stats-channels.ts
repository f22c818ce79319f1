import type { IssueChannel } from "./api/stats";

/**
 * Each channel's name on the charts (docs/product.md, "The business in pictures"), in the order they stack
 * (issueChannels' order, held by a test). No zod here: the dashboard's chunk reads it, and the contract's schemas
 * would bring zod along. Which ledger kind issues through which channel: src/core/issue-channels.ts.
 */
export const channelLabels: Record<IssueChannel, string> = {
  game: "Games",
  quiz: "Quizzes",
  video: "Videos",
  referral: "Referrals",
  streak: "Streak bonuses",
  adjustment: "Adjustments",
  partner: "Partner offers",
};

/** The channels in the charts' order. */
export const chartChannels = Object.keys(channelLabels) as IssueChannel[];
