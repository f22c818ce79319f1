import { REFERRAL_BONUS_COINS, rewards } from "~/core/coins";
import { KYC_ACCEPTED_DOCUMENTS, KYC_REVIEW_TIME } from "~/core/kyc";
import { QUESTIONS_PER_QUIZ } from "~/core/quiz/scoring";
import { payoutMethodDelivery, payoutMethodLabels } from "~/core/redemptions";
import { SupportContact } from "~/web/components/support-contact";
import { AppLink } from "~/web/components/ui/app-link";
import { paths } from "~/web/config/paths";
import { Setting } from "./settings";

const link = "font-medium text-brand underline underline-offset-4";

/**
 * /help (docs/product.md "Help and contact"): the questions players ask, answered from this server's settings (each
 * `<Setting>` is filled in by the server) and the app's own rules, and the support address when there is one.
 */
export function HelpText() {
  return (
    <article className="mx-auto grid max-w-3xl gap-4 text-base leading-relaxed [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_li]:ml-5 [&_li]:list-disc [&_ul]:grid [&_ul]:gap-1">
      <h2>How do I earn coins?</h2>
      <ul>
        <li>
          A Tic Tac Toe win pays {rewards.ttt_win.amount} coins, up to <Setting name="tttWinsPerDay" /> a day.
        </li>
        <li>
          A quiz pays {rewards.quiz_correct.amount} coins for each right answer of its {QUESTIONS_PER_QUIZ}{" "}
          and {rewards.quiz_bonus.amount} more for finishing it; each quiz pays{" "}
          <Setting name="quizSessionsPerDay" /> a day, later ones are practice.
        </li>
        <li>
          A video watched to the end pays {rewards.video_watch.amount} coins,{" "}
          <Setting name="videoWatchesPerDay" /> of each video a day.
        </li>
        <li>Days are counted in UTC. Guests can play, but only signed-in players earn.</li>
      </ul>
      <h2>How do referral bonuses work?</h2>
      <ul>
        <li>
          A friend who signs up with your link and you each get {REFERRAL_BONUS_COINS} coins. They are
          recorded as pending after the friend's first earning, and become spendable once the friend has
          earned <Setting name="referralReleaseCoins" /> by playing on at least{" "}
          <Setting name="referralReleaseDays" />.
        </li>
        <li>
          A referrer is paid at most <Setting name="referralBonusesPer30Days" /> in 30 days; friends beyond
          that still get theirs.
        </li>
        <li>
          A bonus may be held for review when the two accounts look like one person (same browser or address).
          An administrator then releases or declines it; both sides see the outcome on the Referral page.
        </li>
      </ul>
      <h2>What is the streak?</h2>
      <p>
        Earning <Setting name="streakGoalCoins" /> by playing in a UTC day meets the daily goal and extends
        your streak by one day. Every <Setting name="streakBonusEveryDays" /> in a row pays a bonus of{" "}
        <Setting name="streakBonusCoins" />. A missed day resets the streak unless you hold a streak freeze,
        earned along the way.
      </p>
      <h2>How do I cash out, and how long does it take?</h2>
      <ul>
        <li>
          From the{" "}
          <AppLink className={link} to={paths.wallet.getHref()}>
            Wallet
          </AppLink>
          : at least <Setting name="redeemMinCoins" />, at most <Setting name="redeemMaxPending" /> pending at
          a time and <Setting name="redeemDailyCapDollars" /> a day. Identity verification is{" "}
          <Setting name="redeemRequireKyc" />.
        </li>
        <li>
          The coins are held at once. An administrator reviews the request; once approved,{" "}
          {payoutMethodLabels.paypal} is paid {payoutMethodDelivery.paypal}, a{" "}
          {payoutMethodLabels.gift_card.toLowerCase()} arrives {payoutMethodDelivery.gift_card}. A rejected or
          cancelled request gives the coins back. You are e-mailed at each step.
        </li>
      </ul>
      <h2>Which documents does identity verification accept?</h2>
      <p>
        On the{" "}
        <AppLink className={link} to={paths.kyc.getHref()}>
          KYC Verification
        </AppLink>{" "}
        page: {KYC_ACCEPTED_DOCUMENTS}, at most <Setting name="kycMaxUploadBytes" />. A review usually takes{" "}
        {KYC_REVIEW_TIME}; you are e-mailed the decision. The document is deleted{" "}
        <Setting name="kycRetentionDays" /> after it.
      </p>
      <h2>How do I delete my account?</h2>
      <p>
        On the{" "}
        <AppLink className={link} to={paths.account.getHref()}>
          Account
        </AppLink>{" "}
        page, with your password. Pending redemptions are cancelled first; the coins in your balance and any
        pending referral bonuses are forfeited. Download your data there before, if you want to keep it.
      </p>
      <h2>Still stuck?</h2>
      <p>
        <SupportContact lead="Write to" /> Replies to our e-mails are not read; the{" "}
        <AppLink className={link} to={paths.privacy.getHref()}>
          Privacy Policy
        </AppLink>{" "}
        and{" "}
        <AppLink className={link} to={paths.terms.getHref()}>
          Terms of Service
        </AppLink>{" "}
        say the rest.
      </p>
    </article>
  );
}
