import { formatDollars } from "~/core/coins";
import { COME_BACK_DAYS } from "~/core/messages";
import { pendingLine } from "~/core/partners";
import type { QueuedMessage } from "./messages.service";

/**
 * What each lifecycle message says (docs/product.md, "Messages"), keyed by its event: the key makes the message
 * once per event however often the event is seen. Domains build their message here and queue it in the
 * transaction of the event.
 */
export const lifecycleMessages = {
  /** A clearing referral pair was paid: one to each side. */
  referralPaid(p: {
    friendId: string;
    referrerId: string;
    coins: number;
    referrerPaid: boolean;
  }): QueuedMessage[] {
    const friend: QueuedMessage = {
      userId: p.friendId,
      key: `referral-paid:${p.friendId}:friend`,
      kind: "referral",
      title: "Your referral bonus is paid",
      body: `Your welcome bonus of +${p.coins} coins is now in your balance: you cleared the referral rule.`,
      link: "/referral",
      action: "See my referral",
    };
    if (!p.referrerPaid) return [friend];
    const referrer: QueuedMessage = {
      userId: p.referrerId,
      key: `referral-paid:${p.friendId}:referrer`,
      kind: "referral",
      title: "Your friend's referral bonus is paid",
      body: `+${p.coins} coins are now in your balance: a friend you invited cleared the referral rule.`,
      link: "/referral",
      action: "See my referrals",
    };
    return [friend, referrer];
  },
  /** A referral pair was declined (its time limit passed, or an administrator decided a held pair against). */
  referralDeclined(p: { friendId: string; referrerId: string; reason: string }): QueuedMessage[] {
    const base = { kind: "referral" as const, link: "/referral" };
    return [
      {
        ...base,
        userId: p.friendId,
        key: `referral-declined:${p.friendId}:friend`,
        title: "Your referral bonus was declined",
        body: `The referral bonus for your sign-up was not paid: ${p.reason}`,
        action: "See my referral",
      },
      {
        ...base,
        userId: p.referrerId,
        key: `referral-declined:${p.friendId}:referrer`,
        title: "A referral bonus was declined",
        body: `The referral bonus for a friend you invited was not paid: ${p.reason}`,
        action: "See my referrals",
      },
    ];
  },
  kycReceived(p: { userId: string; submissionId: string }): QueuedMessage {
    return {
      userId: p.userId,
      key: `kyc-received:${p.submissionId}`,
      kind: "kyc",
      title: "We received your documents",
      body: "Your identity documents are waiting for review. We will e-mail you when they are checked.",
      link: "/kyc",
      action: "See my status",
    };
  },
  /** The KYC decision, in the inbox beside its own mail (which says why, when rejected). */
  kycDecided(p: { userId: string; submissionId: string; approved: boolean }): QueuedMessage {
    return {
      userId: p.userId,
      key: `kyc-decided:${p.submissionId}`,
      kind: "kyc",
      title: p.approved ? "Your identity is verified" : "Your identity check was not approved",
      body: p.approved
        ? "Your documents were checked and approved: you can redeem your coins."
        : "Your documents were checked and not approved. The mail we sent says why and what to do next.",
      link: "/kyc",
      action: "See my status",
    };
  },
  streakMilestone(p: { userId: string; day: string; days: number }): QueuedMessage {
    return {
      userId: p.userId,
      key: `streak-milestone:${p.userId}:${p.day}:${p.days}`,
      kind: "streak_milestone",
      title: `${p.days} days in a row`,
      body: `You reached the daily goal ${p.days} days in a row. Keep going tomorrow!`,
      link: "/",
      action: "See my streak",
    };
  },
  streakAtRisk(p: { userId: string; day: string }): QueuedMessage {
    return {
      userId: p.userId,
      key: `streak-at-risk:${p.userId}:${p.day}`,
      kind: "streak_at_risk",
      title: "Your streak ends tonight",
      body: "Today's goal is not met yet: reach it before midnight (UTC) to keep your streak.",
      link: "/",
      action: "Play now",
    };
  },
  comeBack(p: { userId: string; lastPlayAt: Date; step: 0 | 1 }): QueuedMessage {
    const days = COME_BACK_DAYS[p.step];
    return {
      userId: p.userId,
      key: `come-back:${p.userId}:${p.lastPlayAt.getTime()}:${days}`,
      kind: "come_back",
      title: p.step === 0 ? "Your coins are waiting" : "We miss you",
      body: `You last played ${days} days ago. A game, a quiz or a video earns coins today.`,
      link: "/",
      action: "Play now",
    };
  },
  /** A redemption's step, in the inbox beside its own mail (the mail says more: the timeline, the method). */
  redemptionStep(p: {
    userId: string;
    redemptionId: number;
    coins: number;
    step: "requested" | "approved" | "paid" | "rejected";
  }): QueuedMessage {
    const what = `${p.coins} coins ($${formatDollars(p.coins)})`;
    const words = {
      requested: ["We received your redemption", `Your request to redeem ${what} is waiting for review.`],
      approved: ["Your redemption is approved", `Your redemption of ${what} is approved and on its way.`],
      paid: [
        "Your redemption is paid",
        `Your redemption of ${what} is paid. The mail we sent says how to use it.`,
      ],
      rejected: [
        "Your redemption was rejected",
        `Your redemption of ${what} was rejected and its coins are back in your balance.`,
      ],
    }[p.step];
    return {
      userId: p.userId,
      key: `redemption-${p.step}:${p.redemptionId}`,
      kind: "redemption",
      title: words[0] as string,
      body: words[1] as string,
      link: "/wallet",
      action: "See my wallet",
    };
  },
  /** The payout provider refused a redemption's payout: nothing is lost, an administrator retries or refunds. */
  redemptionFailed(p: {
    userId: string;
    redemptionId: number;
    attempt: number;
    coins: number;
  }): QueuedMessage {
    return {
      userId: p.userId,
      key: `redemption-failed:${p.redemptionId}:${p.attempt}`,
      kind: "redemption",
      title: "Your payout did not go through",
      body: `The payout of your redemption of ${p.coins} coins ($${formatDollars(p.coins)}) was refused by our payout partner. Nothing is lost: we will try again or give your coins back, and tell you.`,
      link: "/wallet",
      action: "See my wallet",
    };
  },
  /** A partner took back coins the player had spent: a debt, and their redemptions held. */
  /**
   * An administrator decided a partner credit held for review (past the partner's daily cap per player): paid,
   * pending until its release date, or declined. In the inbox only (no mail); the administrator's reason stays in
   * the audit log.
   */
  partnerCreditDecided(p: {
    userId: string;
    creditId: string;
    partner: string;
    coins: number;
    state: "available" | "pending" | "declined";
    releaseAt: Date;
  }): QueuedMessage {
    const base = {
      userId: p.userId,
      key: `partner-credit-decided:${p.creditId}`,
      kind: "redemption" as const,
    };
    const offers = { link: "/offers", action: "See my offers" };
    if (p.state === "declined")
      return {
        ...base,
        ...offers,
        title: "An offer held for review was declined",
        body: `The ${p.coins} coins of an offer on ${p.partner}, held because they passed its daily limit, were reviewed and not paid.`,
      };
    return {
      ...base,
      ...offers,
      title: "An offer held for review is released",
      body:
        p.state === "available"
          ? `+${p.coins} coins of an offer on ${p.partner}, held because they passed its daily limit, were reviewed and are in your balance.`
          : `An offer on ${p.partner}, held because it passed its daily limit, was reviewed: ${pendingLine(p.coins, p.releaseAt.toISOString())}.`,
    };
  },
  partnerDebt(p: { userId: string; key: string; partner: string; debt: number }): QueuedMessage {
    return {
      userId: p.userId,
      key: `partner-debt:${p.key}`,
      kind: "redemption",
      title: "An offer was reversed",
      body: `${p.partner} reversed an offer whose coins you had spent: ${p.debt} coins are a debt your next earnings repay, and your pending redemptions wait for review.`,
      link: "/wallet",
      action: "See my wallet",
    };
  },
};
