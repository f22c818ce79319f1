import { chromium } from "playwright-core";
import { startServer } from "./tests/support/server-process";
import { findChromium, CHROMIUM_ARGS } from "./tests/e2e/support/chromium";
import { createVerifiedUser } from "./tests/support/factories";
import { httpClient } from "./tests/support/http-client";
const server = await startServer({ AUTH_RATE_LIMIT: "1000" });
const browser = await chromium.launch({ executablePath: findChromium()!, args: CHROMIUM_ARGS });
try {
  const user = await createVerifiedUser(httpClient(server.url));
  console.log("cookie", user.cookie.slice(0, 80));
  const ctx = await browser.newContext({ baseURL: server.url });
  await ctx.addCookies(user.cookie.split("; ").map((p) => ({ name: p.slice(0, p.indexOf("=")), value: p.slice(p.indexOf("=") + 1), url: server.url })));
  const page = await ctx.newPage();
  page.on("console", (m) => console.log("console", m.type(), m.text()));
  await page.goto("/quizzes");
  await page.waitForTimeout(3000);
  console.log("banner:", await page.getByRole("banner").innerText());
  const s = await page.evaluate(async () => (await fetch("/api/auth/get-session")).text());
  console.log("session:", s.slice(0, 200));
} finally { await browser.close(); await server.stop(); }
