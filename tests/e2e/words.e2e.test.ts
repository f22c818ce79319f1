import { randomUUID } from "node:crypto";
import type { Locator } from "playwright-core";
import { expect, it } from "vitest";
import { createVerifiedUser, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { describeE2E, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/**
 * Reasons are words (docs/product.md, "Reasons are words"): the console shows a mixed-direction reason in the order
 * it was typed. Read as a person sees it: where each word and number lands on the screen, left to right.
 */
const reason = "Refund א 100 ב 9000";
const pieces = ["Refund", "א", "100", "ב", "9000"];

/** The left edge on screen of each piece's first occurrence in `element`'s text. */
function leftEdges(element: Locator) {
  return element.evaluate((root, words) => {
    const edges: Record<string, number> = {};
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const word of words) {
        const at = text.indexOf(word);
        if (at < 0 || word in edges) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        edges[word] = range.getBoundingClientRect().left;
      }
    }
    return edges;
  }, pieces);
}

const screenOrder = (edges: Record<string, number>) =>
  Object.entries(edges)
    .sort((a, b) => a[1] - b[1])
    .map(([word]) => word);

describeE2E("reasons as a person reads them", () => {
  const adminEmail = uniqueEmail("admin");
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000", ADMIN_EMAILS: adminEmail });
  const api = () => httpClient(e2e.server.url);

  it("a mixed-direction reason keeps its numbers in the order typed in the console's coin history and audit log", async () => {
    const admin = await createVerifiedUser(api(), { email: adminEmail });
    const user = await createVerifiedUser(api());
    const res = await api().request(`/api/admin/users/${user.id}/adjustments`, {
      method: "POST",
      cookie: admin.cookie,
      json: { adjustmentId: randomUUID(), amount: 150, reason },
    });
    expect(res.status).toBe(201);

    const { page, errors } = await signedInPage(e2e, admin);
    await page.goto(`/admin/users/${encodeURIComponent(user.id)}`);
    const shown = page
      .getByRole("list", { name: "Coin history" })
      .locator("[data-words]")
      .filter({ hasText: "Refund" });
    await shown.first().waitFor({ timeout: 20_000 });
    expect(await shown.first().evaluate((el) => el.tagName)).toBe("BDI");
    expect(await shown.first().innerText()).toBe(reason);
    expect(screenOrder(await leftEdges(shown.first()))).toEqual(pieces);

    // The same text in an ordinary paragraph, as the console showed it before: its numbers swap.
    await page.evaluate((text) => {
      const plain = document.createElement("p");
      plain.id = "plain-reason";
      plain.textContent = text;
      document.body.prepend(plain);
    }, reason);
    expect(screenOrder(await leftEdges(page.locator("#plain-reason")))).toEqual([
      "Refund",
      "9000",
      "ב",
      "100",
      "א",
    ]);

    // The audit log's sentence names the same reason, isolated the same way.
    await page.goto(`/admin/audit?target=${encodeURIComponent(user.id)}`);
    const audited = page
      .getByRole("list", { name: "Audit entries" })
      .locator("[data-words]")
      .filter({ hasText: "Refund" });
    await audited.first().waitFor({ timeout: 20_000 });
    expect(await audited.first().evaluate((el) => el.tagName)).toBe("BDI");
    expect(await audited.first().innerText()).toBe(reason);
    expect(screenOrder(await leftEdges(audited.first()))).toEqual(pieces);
    expect(errors).toEqual([]);
  });
});
