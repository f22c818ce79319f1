import { expect, it } from "vitest";
import { QUIZ_CSV_HEADER } from "~/core/api/quiz-import";
import { toCsv } from "~/core/csv";
import { uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { expectNotice, unexpected } from "./support/accounts";
import { editorMadeByTwoAdmins } from "./support/content-editor";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/**
 * Quiz import (docs/product.md, "Content operations"): a content editor (made one by two administrators) imports
 * a CSV of 12 questions in the console at /admin/content and sees the new quiz listed with its 12 questions; a
 * file with a bad row is refused and its row listed under the form. At 360 px wide, axe-clean, no horizontal
 * scroll.
 */
const proposerEmail = uniqueEmail("import-admin-a");
const approverEmail = uniqueEmail("import-admin-b");

const questionsCsv = (count: number, extra: string[][] = []) =>
  toCsv([
    [...QUIZ_CSV_HEADER],
    ...Array.from({ length: count }, (_, i) => [
      `Which planet is number ${i + 1} in our list, "as counted"?`,
      `Planet ${i + 1}`,
      `Moon ${i + 1}`,
      `Star ${i + 1}`,
      "",
      "",
      "",
      `Planet ${i + 1}`,
      i === 0 ? "Counted from the Sun, with commas, and quotes." : "",
    ]),
    ...extra,
  ]);

describeE2E("quiz import", () => {
  const e2e = useE2E({ ADMIN_EMAILS: `${proposerEmail},${approverEmail}`, ADMIN_RATE_LIMIT: "1000" });
  const api = () => httpClient(e2e.server.url);

  it("an editor imports a CSV of 12 questions in the console and sees the quiz listed", {
    timeout: 240_000,
  }, async () => {
    const editor = await editorMadeByTwoAdmins(api, { proposerEmail, approverEmail }, "Imports our quizzes");

    const { page, errors } = await signedInPage(e2e, editor);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/admin/content");
    const form = page.getByRole("form", { name: "Import a quiz" });
    await form.waitFor({ timeout: 20_000 });

    // A file with a bad row is refused whole; its row is listed under the form.
    await form.getByLabel("Quiz name").fill("Planets Imported");
    await form.getByLabel("Questions file (CSV or JSON)").setInputFiles({
      name: "planets.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(questionsCsv(12, [["Which has no answer?", "A", "B", "", "", "", "", "", ""]])),
    });
    await form.getByRole("button", { name: "Import quiz" }).click();
    await form
      .getByRole("list", { name: "Rows to fix" })
      .getByText("Row 14: No answer: give the text of the correct option.")
      .waitFor({ timeout: 20_000 });

    await form.getByLabel("Questions file (CSV or JSON)").setInputFiles({
      name: "planets.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(questionsCsv(12)),
    });
    await form.getByRole("button", { name: "Import quiz" }).click();
    // The notice's code loads with the first notice of the visit: waited for, so axe sees it shown.
    await expectNotice(page, "Quiz imported", "Planets Imported: 12 questions.");
    const listed = page.getByRole("list", { name: "Quizzes" });
    await listed
      .getByRole("button", { name: /Planets Imported\s*12 questions/ })
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => form.getByRole("list", { name: "Rows to fix" }).count()).toBe(0);
    await listed.getByRole("link", { name: "Export CSV of Planets Imported" }).waitFor();

    await expectNoAxeViolations(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    // The refused file's 422 is the one expected failure (the browser logs it).
    expect(errors.filter((e) => e.startsWith("Failed to load resource"))).toHaveLength(1);
    expect(unexpected(errors)).toEqual([]);
  });
});
