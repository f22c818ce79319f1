import { expect, it } from "vitest";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";

/** Every route of docs/product.md and the heading it shows to a guest. */
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
  ["/account", "Account"],
  ["/terms", "Terms of Service"],
  ["/privacy", "Privacy Policy"],
  ["/help", "Help"],
  ["/no/such/page", "Page Not Found"],
];

describeE2E("the UI shell", () => {
  const e2e = useE2E();

  // One test per route, each with its own time budget: twelve pages with an axe scan each could outlast one
  // test's 60 s on a busy machine, and the last page (the 404) was the one that timed out.
  it.each(routeHeadings)(
    "renders %s with its heading, no page errors and no axe violations",
    async (path, heading) => {
      const { page, errors, context } = await e2e.newPage();
      const res = await page.goto(path);
      const notFound = heading === "Page Not Found";
      // An unknown path is answered with the 404 page and status 404 (the browser logs that status, below).
      expect(res?.status(), path).toBe(notFound ? 404 : 200);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).first().textContent(), {
          message: path,
          timeout: 15_000,
        })
        .toBe(heading);
      await expectNoAxeViolations(page);
      expect(errors).toEqual(
        notFound ? ["Failed to load resource: the server responded with a status of 404 (Not Found)"] : [],
      );
      await context.close();
    },
  );

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
    // The spec's texts, now links to the pages they name (docs/decisions/055).
    for (const [text, href] of [
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Help", "/help"],
    ] as const) {
      expect(await footer.getByText(text, { exact: true }).count()).toBe(1);
      expect(await footer.getByRole("link", { name: text, exact: true }).getAttribute("href")).toBe(href);
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

  it("a missing chunk is a 404, and after a deploy the page reloads once into the new build", async () => {
    const missing = await fetch(`${e2e.server.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/application\/json/);

    const { page, context } = await e2e.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Play, Learn, Earn!" }).waitFor();
    // A deploy: every chunk this page has not loaded yet is gone — until the page loads the new build.
    let deployed = true;
    let reloads = 0;
    await page.route("**/*", async (route) => {
      const request = route.request();
      if (request.resourceType() === "document") {
        deployed = false;
        reloads++;
        return route.continue();
      }
      if (deployed && new URL(request.url()).pathname.startsWith("/assets/"))
        return route.fulfill({ status: 404, contentType: "application/json", body: '{"error":{}}' });
      return route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quizzes" }).click();
    await page.getByRole("heading", { level: 1, name: "Quizzes" }).waitFor({ timeout: 30_000 });
    expect(reloads).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/quizzes");
    await context.close();
  });

  it("shows the error page instead of reloading again when the code is still missing", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Play, Learn, Earn!" }).waitFor();
    // Reloaded for a new build a moment ago: a second failure must not reload in a loop.
    await page.evaluate(() => sessionStorage.setItem("ple:reloaded-for-new-build-at", String(Date.now())));
    let reloads = 0;
    await page.route("**/*", async (route) => {
      const request = route.request();
      if (request.resourceType() === "document") reloads++;
      if (new URL(request.url()).pathname.startsWith("/assets/") && request.resourceType() !== "document")
        return route.fulfill({ status: 404, contentType: "application/json", body: '{"error":{}}' });
      return route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quizzes" }).click();
    await page.getByRole("heading", { level: 1, name: "Something went wrong" }).waitFor({ timeout: 30_000 });
    expect(reloads).toBe(0);
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
    expect(await deep.text()).toContain('<div id="root"');
  });
});
