import { expect, it } from "vitest";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";

/** Every route of SPEC §2 and the heading it shows to a guest. */
export const routeHeadings: [path: string, heading: string][] = [
  ["/", "Play, Learn, Earn!"],
  ["/auth", "Login or Register"],
  ["/games", "Game Zone"],
  ["/games/tic-tac-toe", "Tic Tac Toe"],
  ["/quizzes", "Quizzes"],
  ["/videos", "Watch & Earn"],
  ["/wallet", "Wallet"],
  ["/admin", "Admin Panel"],
  ["/kyc", "KYC Verification"],
  ["/referral", "Referral Program"],
  ["/update-password", "Update Password"],
  ["/no/such/page", "Page Not Found"],
];

describeE2E("the UI shell", () => {
  const e2e = useE2E();

  it("renders every route's heading with no page errors and no axe violations", async () => {
    const { page, errors, context } = await e2e.newPage();
    for (const [path, heading] of routeHeadings) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).first().textContent(), {
          message: path,
          timeout: 15_000,
        })
        .toBe(heading);
      await expectNoAxeViolations(page);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the guest nav and the footer with the spec's targets", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const hrefs = await nav
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute("href")]));
    expect(hrefs).toEqual([
      ["Home", "/"],
      ["Games", "/games"],
      ["Quizzes", "/quizzes"],
      ["Videos", "/videos"],
    ]);
    await expect
      .poll(() => page.getByRole("link", { name: "Login/Register" }).getAttribute("href"))
      .toBe("/auth");
    expect(await page.getByRole("link", { name: "Wallet" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(0);

    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "Admin Panel" }).getAttribute("href")).toBe("/admin");
    expect(await footer.getByRole("link", { name: "Referral Program" }).getAttribute("href")).toBe(
      "/referral",
    );
    expect(await footer.locator('a[href="/kyc"]').count()).toBe(1);
    for (const text of ["Terms of Service", "Privacy Policy"]) {
      expect(await footer.getByText(text, { exact: true }).count()).toBe(1);
      expect(await footer.getByRole("link", { name: text }).count()).toBe(0);
    }
    for (const landmark of ["banner", "main", "contentinfo"] as const) {
      expect(await page.getByRole(landmark).count(), landmark).toBe(1);
    }
    await context.close();
  });

  it("has the home page's texts", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Play, Learn, Earn!" }).waitFor();
    for (const heading of ["Games", "Quizzes", "Videos", "How It Works", "Sign Up", "Engage", "Earn Coins"]) {
      expect(
        await page.getByRole("heading", { name: heading, exact: true }).count(),
        heading,
      ).toBeGreaterThan(0);
    }
    expect(await page.getByRole("link", { name: "Get Started Now" }).getAttribute("href")).toBe("/auth");
    expect(await page.locator("main").textContent()).toMatch(/Tic Tac Toe[^.]*every victory/i);
    await context.close();
  });

  it("shows the 404 page for unknown paths and goes back home", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/definitely-not-here");
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await page.getByRole("heading", { name: "Play, Learn, Earn!" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("fits a 360 px screen on every route without horizontal scrolling", async () => {
    const { page, context } = await e2e.newPage(phone);
    for (const [path] of routeHeadings) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it("answers unknown API paths with JSON 404 and serves the SPA for deep links", async () => {
    const api = await fetch(`${e2e.server.url}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
    const deep = await fetch(`${e2e.server.url}/games/tic-tac-toe`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
  });
});
