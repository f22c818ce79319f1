import { describe, expect, it } from "vitest";
import { everyMail } from "#tests/support/every-mail";
import { SUPPORT_SLOT } from "./layout";
import { withSupportLine } from "./outbox.job";

/** docs/product.md "Help and contact": every mail says where to get help, and none asks for a reply. */
const every = everyMail();

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
    // In the mail's column, where the layout keeps its place.
    expect(withAddress.html).not.toContain(SUPPORT_SLOT);
    const without = withSupportLine(mail, { appUrl: "https://app.example", supportEmail: undefined });
    expect(without.text).toContain("Questions? See https://app.example/help");
    expect(without.html).not.toContain("mailto:");
  });
});
