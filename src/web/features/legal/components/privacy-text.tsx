import { COOKIES } from "~/core/cookies";
import { SupportContact } from "~/web/components/support-contact";
import { AppLink } from "~/web/components/ui/app-link";
import { APP_NAME } from "~/web/config/app";
import { paths } from "~/web/config/paths";
import { LEGAL_TEXTS_UPDATED, LegalDocument } from "./legal-document";
import { Setting } from "./settings";

const link = "font-medium text-brand underline underline-offset-4";

/** The Privacy Policy: what the app stores, why, for how long (the server's settings), who sees it, your rights. */
export function PrivacyText() {
  return (
    <LegalDocument updated={LEGAL_TEXTS_UPDATED}>
      <h2>1. What we store and why</h2>
      <ul>
        <li>
          <strong>Your account</strong>: your e-mail address (to sign you in and write to you) and your
          password, stored only as a one-way hash (argon2).
        </li>
        <li>
          <strong>Sessions</strong>: for each device you sign in on, its IP address and browser (user agent),
          when it signed in and was last refreshed — so you can see them on the Account page, and to protect
          your account. The address you signed up from is kept to spot several accounts of one person.
        </li>
        <li>
          <strong>Your activity and coins</strong>: games, quiz answers, video watches, referrals and the coin
          ledger with the reason of every coin — to pay you exactly once for what you did and to keep the
          books.
        </li>
        <li>
          <strong>Redemptions</strong>: the amount, the payout method and address, and each decision — to pay
          you.
        </li>
        <li>
          <strong>Identity verification (KYC)</strong>: your full name, your document number and the document
          you upload — to check that a payout goes to a real person. The document and its number are encrypted
          (AES-256-GCM) before they are stored. Documents may be at most <Setting name="kycMaxUploadBytes" />.
        </li>
        <li>
          <strong>An audit log</strong> of every administrative action (for example a decision on your
          redemption or identity verification), which cannot be changed afterwards.
        </li>
      </ul>
      <p>{`${APP_NAME} sets these cookies, all first-party and unreadable by scripts. There is no advertising or tracking.`}</p>
      <ul aria-label="Cookies">
        {COOKIES.map((cookie) => (
          <li key={cookie.name}>
            <code className="break-all">{cookie.name}</code>
            {` — ${cookie.purpose} Kept: ${cookie.lifetime}.`}
          </li>
        ))}
      </ul>
      <p>On an https installation the better-auth cookies' names start with __Secure-.</p>
      <h2>2. How long we keep it</h2>
      <ul>
        <li>
          The identity document you upload is deleted <Setting name="kycRetentionDays" /> after the decision
          on it; the decision itself is kept.
        </li>
        <li>
          A session ends when you sign out or end it, at a password change or reset, or after 7 days without
          use.
        </li>
        <li>Everything else is kept while your account exists.</li>
        <li>
          When you delete your account, your e-mail address, sessions, password, identity documents with the
          name and number on them and your payout addresses are erased at once. The coin ledger and the
          activity that earned it are kept without anything that identifies you, so the books still add up.
        </li>
      </ul>
      <h2>3. Who can see it</h2>
      <ul>
        <li>
          Identity documents are seen only by the operator's administrators, in the review console, to decide
          on your verification. No other user sees them.
        </li>
        <li>
          Administrators see your account, balance, ledger and redemptions to run the service. Friends you
          referred see only a masked form of your address, and you see theirs masked.
        </li>
        <li>
          When payouts go through a payout provider, it receives the payout address and amount of that payout.
          Mail is sent through the operator's mail server.
        </li>
      </ul>
      <h2>4. Your data, your choice</h2>
      <ul>
        <li>
          On the{" "}
          <AppLink className={link} to={paths.account.getHref()}>
            Account
          </AppLink>{" "}
          page you can download everything we hold about you (as JSON, and the coin ledger as CSV) and, after
          entering your password again, the identity document you uploaded.
        </li>
        <li>You can delete your account there at any time; a confirmation is sent to your address.</li>
      </ul>
      <h2>5. Payouts</h2>
      <p>
        Redemptions are reviewed by an administrator and paid to the PayPal or e-mail address you give. The
        rules are in the{" "}
        <AppLink className={link} to={paths.terms.getHref()}>
          Terms of Service
        </AppLink>
        .
      </p>
      <h2>6. Contact</h2>
      <p>
        Questions about your data go to the operator of this service. <SupportContact lead="Write to" />
      </p>
    </LegalDocument>
  );
}
