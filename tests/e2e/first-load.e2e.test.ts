import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { HOME_JS_BUDGET_BYTES, measureFirstLoad } from "../support/first-load";
import { phone } from "./support/chromium";
import { describeE2E, useE2E } from "./support/fixtures";

const webRoot = path.resolve(import.meta.dirname, "../../dist/web");
const prerendered = (): string[] =>
  Object.keys(
    (JSON.parse(readFileSync(path.join(webRoot, "pages.json"), "utf8")) as { pages: object }).pages,
  );

describeE2E("first load of the built app", () => {
  const e2e = useE2E();

  it(`keeps a guest's first visit to "/" within ${HOME_JS_BUDGET_BYTES / 1000} kB of JS (gzip), without the toaster, the query layer or the chart library`, async () => {
    const load = await measureFirstLoad(e2e.browser, e2e.server.url, "/", phone);
    const names = load.files.map((f) => f.path);
    expect(names.some((n) => n.endsWith(".js"))).toBe(true);
    expect(names.filter((n) => /\/(toaster|query-layout|query-client|chart-canvas)-/.test(n))).toEqual([]);
    expect(load.jsGzipBytes).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });

  it("loads TanStack Query on a page that queries", async () => {
    const load = await measureFirstLoad(e2e.browser, e2e.server.url, "/quizzes", phone);
    expect(load.files.some((f) => /\/query-layout-/.test(f.path))).toBe(true);
  });

  it("loads no zod on a guest's /wallet, /games/tic-tac-toe and /quizzes (its schemas are not needed to hydrate them)", async () => {
    for (const route of ["/wallet", "/games/tic-tac-toe", "/quizzes"]) {
      const load = await measureFirstLoad(e2e.browser, e2e.server.url, route, phone);
      const withZod: string[] = [];
      for (const file of load.files.filter((f) => f.kind === "js")) {
        const code = await (await fetch(`${e2e.server.url}${file.path}`)).text();
        if (code.includes("ZodError")) withZod.push(file.path);
      }
      expect(withZod, route).toEqual([]);
    }
  });

  it("sends the page's content in the HTML itself, with short caching, and long caching for assets", async () => {
    const res = await fetch(`${e2e.server.url}/`);
    expect(res.headers.get("cache-control")).toMatch(/max-age=60\b/);
    const html = await res.text();
    expect(html).toContain("Play, Learn, Earn!");
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    if (!script) throw new Error("no script in the page");
    const asset = await fetch(`${e2e.server.url}${script}`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("hydrates every prerendered page without a console error or warning, then shows the guest's header", async () => {
    const routes = prerendered();
    expect(routes).toEqual(
      expect.arrayContaining(["/", "/auth", "/games/tic-tac-toe", "/quizzes", "/wallet"]),
    );
    const { page, context } = await e2e.newPage(phone);
    const messages: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") messages.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
    for (const route of [...routes, "/no/such/page"]) {
      const res = await page.goto(route, { waitUntil: "networkidle" });
      await expect
        .poll(() => page.getByRole("link", { name: "Login/Register" }).isVisible(), { timeout: 30_000 })
        .toBe(true);
      if (route === "/no/such/page") {
        // The browser logs the document's own 404 status; nothing else may appear.
        expect(res?.status()).toBe(404);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Not Found/);
        expect(
          messages.filter((m) => !/status of 404/.test(m)),
          route,
        ).toEqual([]);
      } else {
        expect(messages, route).toEqual([]);
      }
    }
    await context.close();
  });
});
