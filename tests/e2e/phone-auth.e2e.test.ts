import type { Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { uniqueEmail } from "#tests/support/factories";
import { button, expectNotice, field, openNotices, unexpected, useAccountsE2E } from "./support/accounts";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations } from "./support/fixtures";

/** /auth on a small phone (360 × 640): what the notices cover, what a failure and a success leave on screen. */

const smallPhone = { ...phone, viewport: { width: 360, height: 640 } };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The line breaks inside `locator`'s text: the character each new line starts with, and the one before it. */
function lineBreaks(locator: Locator): Promise<string[]> {
  return locator.evaluate((el) => {
    const text = el.textContent ?? "";
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops: { char: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? "").length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) tops.push({ char: node.textContent?.[i] ?? "", top: rect.top });
      }
    }
    const breaks: string[] = [];
    for (let i = 1; i < tops.length; i++)
      if ((tops[i]?.top ?? 0) > (tops[i - 1]?.top ?? 0) + 2)
        breaks.push(`${tops[i - 1]?.char}|${tops[i]?.char}`);
    return text ? breaks : [];
  });
}

describeE2E("/auth on a 360 px phone", () => {
  const { e2e } = useAccountsE2E();

  async function openAuth(): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
    const { page, context, errors } = await e2e.newPage(smallPhone);
    await page.goto("/auth");
    return { page, close: () => context.close(), errors };
  }

  it("a failed login: its notice stays clear of the Login button and the fields, and the reason shows under the form", async () => {
    const { page, close, errors } = await openAuth();
    await field(page, "Email").fill(uniqueEmail("nobody"));
    await field(page, "Password").fill("wrong-password-1");
    await button(page, "Login").click();
    await expectNotice(page, "Login Failed", "Invalid email or password");
    const notice = await box(openNotices(page));
    for (const control of [button(page, "Login"), field(page, "Email"), field(page, "Password")])
      expect(overlap(notice, await box(control))).toBe(false);
    // Under the form, and still there after the notice has gone.
    const reason = page.getByRole("alert").filter({ hasText: "Login failed: Invalid email or password" });
    expect((await box(reason)).y).toBeGreaterThan((await box(button(page, "Login"))).y);
    await expectNoAxeViolations(page);
    await expect.poll(() => openNotices(page).count(), { timeout: 15_000 }).toBe(0);
    expect(await reason.isVisible()).toBe(true);
    // Neither the empty notice area at the top nor a closed (faded out) notice takes taps from the header under it.
    const atTop = await page.evaluate(() =>
      [10, 20, 30].map((y) => {
        const el = document.elementFromPoint(180, y);
        return el?.closest('[role="region"]') ? el.outerHTML.slice(0, 200) : false;
      }),
    );
    expect(atTop).toEqual([false, false, false]);
    // A new attempt clears it.
    await button(page, "Register here").click();
    expect(await reason.count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it("a refused registration's notice stays clear of the Register button", async () => {
    const { page, close, errors } = await openAuth();
    await button(page, "Register here").click();
    await field(page, "Email").fill(uniqueEmail("mismatch"));
    await field(page, "Password").fill("secret-one-1");
    await field(page, "Confirm Password").fill("secret-two-2");
    await button(page, "Register").click();
    await expectNotice(page, "Error", "Passwords do not match.");
    expect(overlap(await box(openNotices(page)), await box(button(page, "Register")))).toBe(false);
    expect(overlap(await box(openNotices(page)), await box(field(page, "Confirm Password")))).toBe(false);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it("the register form tells the password rule, and a registration leaves its result, not an empty form", async () => {
    const { page, close, errors } = await openAuth();
    await button(page, "Register here").click();
    const password = field(page, "Password");
    expect(await password.evaluate((el) => el.getAttribute("aria-describedby"))).toBeTruthy();
    const hint = page.getByText("At least 6 characters, not a common password", { exact: true });
    expect(await hint.isVisible()).toBe(true);
    const hintId = await hint.getAttribute("id");
    expect((await password.getAttribute("aria-describedby"))?.split(" ")).toContain(hintId);

    const email = `averyveryverylongname.with.dots.${Date.now()}@some-example-domain.example.com`;
    await field(page, "Email").fill(email);
    await password.fill("long-secret-1");
    await field(page, "Confirm Password").fill("long-secret-1");
    await button(page, "Register").click();
    const result = page.getByRole("status").filter({ hasText: "Registration Successful" });
    await result.waitFor();
    expect(await field(page, "Email").count()).toBe(0);
    expect(await button(page, "Register").count()).toBe(0);
    await expectNoAxeViolations(page);

    // The address wraps before '@' or a dot (or after a hyphen, as the browser does), never inside a word.
    const address = result.locator("strong");
    expect((await address.textContent())?.replace(/\s/g, "")).toBe(email);
    const breaks = await lineBreaks(address);
    expect(breaks.length).toBeGreaterThan(0);
    for (const at of breaks) expect(at, `line break ${at}`).toMatch(/\|[@.]$|^-\|/);

    await button(page, "Login here").click();
    expect(await field(page, "Email").inputValue()).toBe("");
    expect(await result.count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  it("footer links and the form's small links are at least 44 px high", async () => {
    const { page, close } = await openAuth();
    const footer = page.getByRole("navigation", { name: "Footer" }).getByRole("link");
    expect(await footer.count()).toBe(3);
    const small = [...(await footer.all()), button(page, "Forgot Password?"), button(page, "Register here")];
    for (const target of small) {
      await target.scrollIntoViewIfNeeded();
      expect((await box(target)).height, (await target.textContent()) ?? "").toBeGreaterThanOrEqual(44);
    }
    await close();
  });
});
