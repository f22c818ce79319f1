import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { everyMail } from "#tests/support/every-mail";
import { withSupportLine } from "~/server/mail/outbox.job";
import { launchBrowser, phone } from "./support/chromium";
import { chromiumPath, describeE2E } from "./support/fixtures";

/**
 * The one mail design in a real browser (docs/product.md, "Mails"): every kind of mail, with a ~200-character link
 * and the support line, rendered in Chromium at 360 px, scrolls no wider than the screen, and its button is amber.
 */
describeE2E("mails at 360 px", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("every mail fits a 360 px phone: no horizontal scroll, the button amber", async () => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const contact = {
      appUrl: "https://app.example",
      supportEmail: "a-very-long-support-address@example.test",
    };
    const widths: Record<string, number> = {};
    for (const mail of everyMail()) {
      await page.setContent(withSupportLine(mail, contact).html);
      widths[mail.subject] = await page.evaluate(() =>
        Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      );
      const button = page.locator("a[href^='https://app.example']").first();
      expect(await button.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe("rgb(180, 83, 9)");
    }
    expect(Object.keys(widths)).toHaveLength(everyMail().length);
    for (const [subject, width] of Object.entries(widths)) expect(width, subject).toBeLessThanOrEqual(360);
    await context.close();
  });
});
