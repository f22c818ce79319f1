import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { expectNotice } from "./support/accounts";
import { editorMadeByTwoAdmins } from "./support/content-editor";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/**
 * Videos by upload (docs/product.md, "Content operations"): a content editor (made one by two administrators)
 * uploads a small WebM in the console at /admin/content; the console shows the duration the server read from the
 * file; a player sees the new video on /videos at once, without a restart, at 360 px wide.
 */
const proposerEmail = uniqueEmail("video-admin-a");
const approverEmail = uniqueEmail("video-admin-b");

describeE2E("videos by upload", () => {
  const e2e = useE2E({ ADMIN_EMAILS: `${proposerEmail},${approverEmail}`, ADMIN_RATE_LIMIT: "1000" });
  const api = () => httpClient(e2e.server.url);

  it("an editor uploads a video in the console; a player sees it on /videos", {
    timeout: 240_000,
  }, async () => {
    const editor = await editorMadeByTwoAdmins(api, { proposerEmail, approverEmail }, "Uploads our videos");

    const { page, errors } = await signedInPage(e2e, editor);
    await page.goto("/admin/content");
    const form = page.getByRole("form", { name: "Upload a video" });
    await form.waitFor({ timeout: 20_000 });
    await form.getByLabel("Video file (MP4 or WebM)").setInputFiles({
      name: "highlights.webm",
      mimeType: "video/webm",
      buffer: readFileSync(path.resolve("media/videos/tutorial-get-started.webm")),
    });
    await form.getByLabel("Title", { exact: true }).fill("Our Fresh Highlights");
    await form.getByLabel("Description", { exact: true }).fill("New this week.");
    await form.getByLabel("Coins per full watch").fill("7");
    await form.getByRole("button", { name: "Upload video" }).click();
    // The notice says so (its code loads with the first notice of the visit: waited for here, so the page is
    // checked below with the notice shown, not while it fades in).
    await expectNotice(page, "Video uploaded");

    const saved = page.getByRole("form", { name: "Video Our Fresh Highlights" });
    await saved.waitFor({ timeout: 20_000 });
    await saved.getByText(/Live · 20 s \(read from the file\)/).waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);

    const player = await e2e.newPage();
    await player.page.setViewportSize({ width: 360, height: 800 });
    await player.page.goto("/videos");
    await player.page.getByRole("heading", { name: "Our Fresh Highlights" }).waitFor({ timeout: 20_000 });
    const width = await player.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });
});
