import { formatDollars, REFERRAL_BONUS_COINS, rewards } from "~/core/coins";
import { AppLink } from "~/web/components/ui/app-link";
import { APP_NAME } from "~/web/config/app";
import { paths } from "~/web/config/paths";
import { LEGAL_TEXTS_UPDATED, LegalDocument } from "./legal-document";
import { Setting } from "./settings";

const link = "font-medium text-brand underline underline-offset-4";

/** The Terms of Service, from the rules the server enforces (src/core) and its settings (<Setting>). */
export function TermsText() {
  return (
    <LegalDocument updated={LEGAL_TEXTS_UPDATED}>
      <h2>1. The service</h2>
      <p>
        {`${APP_NAME} lets you earn coins by winning Tic Tac Toe against a bot, answering quizzes and watching videos, and exchange them for PayPal payouts or gift cards. Anyone may play as a guest; only a registered account with a confirmed e-mail address earns coins.`}
      </p>
      <h2>2. Your account</h2>
      <ul>
        <li>
          One account per person. Keep your password to yourself; you are responsible for what is done with
          your account.
        </li>
        <li>
          You can change your password, see where you are signed in and end those sessions, download your data
          and delete your account at any time on the{" "}
          <AppLink className={link} to={paths.account.getHref()}>
            Account
          </AppLink>{" "}
          page.
        </li>
      </ul>
      <h2>3. Coins</h2>
      <ul>
        <li>{`Coins are worth ${formatDollars(1000)} dollars per 1000 coins when redeemed; they are not money until then and cannot be transferred between accounts.`}</li>
        <li>
          {`A Tic Tac Toe win pays ${rewards.ttt_win.amount} coins, each correct quiz answer ${rewards.quiz_correct.amount} coins and a completed quiz ${rewards.quiz_bonus.amount} more, a video watched to its end ${rewards.video_watch.amount} coins. A friend who joins with your referral link and starts earning brings you both ${REFERRAL_BONUS_COINS} coins.`}{" "}
          The two bonuses are pending (shown, not redeemable) from the friend's first earning, and become
          available once the friend has earned <Setting name="referralReleaseCoins" /> of their own (games,
          quizzes, videos) on <Setting name="referralReleaseDays" /> different UTC days. A pair that looks
          like one person on both sides is held until an administrator releases or declines it; a pair not yet
          paid is declined when either account is deleted.
        </li>
        <li>
          Daily limits (per UTC day): <Setting name="tttWinsPerDay" /> paid per day,{" "}
          <Setting name="quizSessionsPerDay" /> paid per quiz per day, <Setting name="videoWatchesPerDay" />{" "}
          paid per video per day; referrers receive at most <Setting name="referralBonusesPer30Days" /> in any
          30 days. Play beyond the limits is free but pays nothing.
        </li>
        <li>
          Every coin is recorded in your coin ledger with its reason. Coins earned by automation, by several
          accounts of one person or by exploiting a fault may be withheld or removed by an administrator;
          every such change is recorded.
        </li>
      </ul>
      <h2>4. Redemptions and payouts</h2>
      <ul>
        <li>
          The smallest redemption is <Setting name="redeemMinCoins" />. You may have{" "}
          <Setting name="redeemMaxPending" /> waiting at a time and request at most{" "}
          <Setting name="redeemDailyCapDollars" /> per UTC day. Identity verification is{" "}
          <Setting name="redeemRequireKyc" /> before a redemption.
        </li>
        <li>
          The coins are held when you ask. An administrator reviews each request; it is then paid to the
          PayPal or e-mail address you gave (by hand or through a payout provider), or rejected with a reason
          and the coins returned. You can cancel a request while it is pending.
        </li>
      </ul>
      <h2>5. Ending your account</h2>
      <ul>
        <li>
          You can delete your account on the Account page. Its balance is forfeited. A pending redemption is
          cancelled first; while a payout to you is being sent, deletion waits until it has been paid or
          rejected.
        </li>
        <li>
          An administrator may suspend an account that breaks these terms; you will be told why when you sign
          in.
        </li>
      </ul>
      <h2>6. Changes and contact</h2>
      <p>
        The operator may change these terms and will say so on this page. How we handle your data is described
        in the{" "}
        <AppLink className={link} to={paths.privacy.getHref()}>
          Privacy Policy
        </AppLink>
        .
      </p>
    </LegalDocument>
  );
}
