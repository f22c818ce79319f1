import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { COOKIES } from "~/core/cookies";
import { PrivacyText } from "./privacy-text";

/**
 * docs/product.md "Terms and Privacy": the page names every cookie the server sets (the list a journey's
 * Set-Cookie headers are compared with in src/server/auth/cookies.db.test.ts), with its purpose and lifetime.
 */
describe("the Privacy page", () => {
  it("lists every cookie with its purpose and lifetime", () => {
    const page = renderToStaticMarkup(
      createElement(StaticRouter, { location: "/privacy" }, createElement(PrivacyText)),
    );
    for (const cookie of COOKIES) {
      expect(page).toContain(`<code class="break-all">${cookie.name}</code>`);
      expect(page).toContain(`Kept: ${cookie.lifetime}.`);
    }
    expect(page).toMatch(/ple_device<\/code> — .*Kept: 400 days\./);
    expect(page).not.toContain("one cookie");
  });
});
