import { describe, expect, it } from "vitest";
import { withSupportLine } from "./outbox.job";
import { newBrowserMail, passwordChangedMail, signInLockedMail } from "./security-templates";
import * as templates from "./templates";

/** docs/product.md "Help and contact": every mail says where to get help, and none asks for a reply. */
const seen = { device: "Firefox 128 on Linux", address: "203.0.113.5", at: new Date(0) };
const url = "https://app.example/x";
const every = [
  templates.verificationMail("a@example.test", url),
  templates.passwordResetMail("a@example.test", url),
  templates.redemptionRequestedMail(
    "a@example.test",
    { id: 1, coins: 1000, dollars: "5.00", method: "PayPal", delivery: "by PayPal", recipient: "a@b.c" },
    url,
  ),
  templates.redemptionPaidMail(
    "a@example.test",
    { id: 1, coins: 1000, dollars: "5.00", method: "PayPal", reference: "R" },
    url,
  ),
  templates.redemptionRejectedMail(
    "a@example.test",
    { id: 1, coins: 1000, dollars: "5.00", reason: "no" },
    url,
  ),
  templates.kycDecisionMail("a@example.test", { approved: false, reason: "blurry" }, url),
  templates.accountDeletedMail("a@example.test", { forfeitedCoins: 5, cancelledRedemptions: [2] }, url),
  passwordChangedMail("a@example.test", { ...seen, how: "changed", accountUrl: url, resetUrl: url }),
  newBrowserMail("a@example.test", { ...seen, accountUrl: url }),
  signInLockedMail("a@example.test", { ...seen, attempts: 6, minutes: 15, unlockUrl: url, resetUrl: url }),
];

describe("mails", () => {
  it.each(every.map((m) => [m.subject, m] as const))("%s asks for no reply", (_subject, mail) => {
    expect(`${mail.text} ${mail.html}`).not.toMatch(/reply to (this|the|our)/i);
  });

  it("end with the support address when SUPPORT_EMAIL is set, else with the help page", () => {
    const mail = every[0]!;
    const withAddress = withSupportLine(mail, {
      appUrl: "https://app.example",
      supportEmail: "help@app.example",
    });
    expect(withAddress.text).toMatch(/Write to help@app\.example \(replies to this e-mail are not read\)/);
    expect(withAddress.html).toContain('<a href="mailto:help@app.example">help@app.example</a>');
    expect(withAddress.html.indexOf("mailto:")).toBeLessThan(withAddress.html.indexOf("</body>"));
    const without = withSupportLine(mail, { appUrl: "https://app.example", supportEmail: undefined });
    expect(without.text).toContain("Questions? See https://app.example/help");
    expect(without.html).not.toContain("mailto:");
  });
});
