import { expect, it } from "vitest";
import { uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { expectNotice } from "./support/accounts";
import { editorMadeByTwoAdmins } from "./support/content-editor";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/**
 * The content console (docs/product.md, "Content operations"): two administrators make a user a content editor
 * (a proposal and its approval); the editor opens /admin, sees only 'Content', renames a quiz and rewrites a
 * question; a player sees the new name on /quizzes without a restart; the editor's console has no other page.
 */
const proposerEmail = uniqueEmail("content-admin-a");
const approverEmail = uniqueEmail("content-admin-b");

describeE2E("the content console", () => {
  const e2e = useE2E({ ADMIN_EMAILS: `${proposerEmail},${approverEmail}`, ADMIN_RATE_LIMIT: "1000" });
  const api = () => httpClient(e2e.server.url);

  it("an editor renames a quiz in the console; a player sees it at once; no other console page", {
    timeout: 240_000,
  }, async () => {
    const editor = await editorMadeByTwoAdmins(api, { proposerEmail, approverEmail }, "Writes our quizzes");

    const { page, errors } = await signedInPage(e2e, editor);
    await page.goto("/admin");
    await page.getByRole("heading", { level: 1, name: "Content" }).waitFor({ timeout: 20_000 });
    const consoleNav = page.getByRole("navigation", { name: "Admin console" });
    expect(await consoleNav.getByRole("link").allTextContents()).toEqual(["Content"]);

    await page.getByRole("button", { name: /Science Facts/ }).click();
    const details = page.getByRole("form", { name: "Quiz Science Facts" });
    await details.getByLabel("Name", { exact: true }).fill("Science Today");
    await details.getByRole("button", { name: "Save quiz" }).click();
    await page.getByRole("button", { name: /Science Today/ }).waitFor({ timeout: 15_000 });

    const first = page.getByRole("form", { name: "Question 1", exact: true });
    await first.getByLabel("Question 1", { exact: true }).fill("Which planet is known as the Red Planet?");
    await first.getByLabel("Options (one per line, 2 to 6)", { exact: true }).fill("Mars\nVenus\nJupiter");
    await first.getByLabel("Answer (the text of one option)", { exact: true }).fill("Mars");
    await first.getByRole("button", { name: "Save question" }).click();
    // The notice says so; waited for here so the page is checked below with the notice shown, not fading in.
    await expectNotice(page, "Question saved");
    await expect
      .poll(
        async () =>
          (
            await api()
              .request("/api/admin/quizzes/science", { cookie: editor.cookie })
              .then((r) => r.json())
          ).questions[0].text,
        { timeout: 15_000 },
      )
      .toBe("Which planet is known as the Red Planet?");
    await expectNoAxeViolations(page);

    const player = await e2e.newPage();
    await player.page.goto("/quizzes");
    await player.page.getByRole("heading", { name: "Science Today" }).waitFor({ timeout: 20_000 });

    await page.goto("/admin/users");
    await page.getByText("This console page is for administrators only.").waitFor({ timeout: 15_000 });
    const refused = await api().request("/api/admin/users", { cookie: editor.cookie });
    expect(refused.status).toBe(403);
    expect(errors).toEqual([]);
  });
});
