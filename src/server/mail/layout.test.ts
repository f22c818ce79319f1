import { describe, expect, it } from "vitest";
import { everyMail, LONG_URL } from "#tests/support/every-mail";
import { APP_NAME, MAIL_COLORS, WRAP } from "./layout";
import { extractLinks } from "./links";
import { withSupportLine } from "./outbox.job";

/** docs/product.md "Mails": one design for every mail (its rendering at 360 px: tests/e2e/mail-design.e2e.test.ts). */
const contact = { appUrl: "https://app.example", supportEmail: "help@app.example" };
const every = everyMail().map((m) => withSupportLine(m, contact));

describe("the one mail design", () => {
  it.each(every.map((m) => [m.subject, m] as const))(
    "%s: the pattern, the name, the colours, a text part",
    (_s, mail) => {
      // One pattern: the app's name, then the matter in lower case ('your redemption is paid', '30 days in a row').
      expect(mail.subject).toMatch(/^Play, Learn, Earn: [a-z0-9]/);
      expect(mail.html).toContain(`>${APP_NAME}</p>`);
      expect(mail.html).toContain(`background: ${MAIL_COLORS.brand}`);
      expect(mail.html).not.toMatch(/#7c3aed/i);
      expect(mail.html).toContain('name="viewport"');
      // Every link wraps, and the plain-text part carries the same link whole.
      for (const a of mail.html.match(/<a href="[^"]*"[^>]*>https?:[^<]*<\/a>/g) ?? [])
        expect(a).toContain(WRAP);
      expect(extractLinks(mail.text)).toContain(LONG_URL);
      expect(mail.text).not.toMatch(/<[a-z]/i);
      expect(mail.text).toContain("help@app.example");
      expect(mail.html).toContain("mailto:help@app.example");
    },
  );
});
