import { expect, it } from "vitest";
import { QUIZ_CSV_HEADER } from "~/core/api/quiz-import";
import type { QuizSessionView } from "~/core/api/quizzes";
import { toCsv } from "~/core/csv";
import { QUIZ_BONUS_COINS, QUIZ_CORRECT_COINS } from "~/core/quiz/scoring";
import { createVerifiedUser, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { expectNotice, unexpected } from "./support/accounts";
import { editorMadeByTwoAdmins } from "./support/content-editor";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

/**
 * Quiz states (docs/product.md, "Content operations"; ADR 115): an editor imports a quiz of 15 questions — a draft,
 * which a player's /quizzes does not show — previews it (answers a question, sees it graded, nothing paid) and
 * publishes it; the player then sees it on /quizzes without a restart and is paid for a round of 10 drawn from
 * the 15 as for any quiz. At 360 px wide, axe-clean, no horizontal scroll.
 */
const proposerEmail = uniqueEmail("states-admin-a");
const approverEmail = uniqueEmail("states-admin-b");
const NAME = "Oceans Drafted";

/** Question n's right option is "Ocean n"; the file's order is shuffled by the draw. */
const questionsCsv = (count: number) =>
  toCsv([
    [...QUIZ_CSV_HEADER],
    ...Array.from({ length: count }, (_, i) => [
      `Which is ocean number ${i + 1}?`,
      `Ocean ${i + 1}`,
      `Lake ${i + 1}`,
      `River ${i + 1}`,
      "",
      "",
      "",
      `Ocean ${i + 1}`,
      "",
    ]),
  ]);

describeE2E("quiz states", () => {
  const e2e = useE2E({
    ADMIN_EMAILS: `${proposerEmail},${approverEmail}`,
    ADMIN_RATE_LIMIT: "1000",
    AUTH_RATE_LIMIT: "1000",
    MAIL_RATE_LIMIT: "1000",
  });
  const api = () => httpClient(e2e.server.url);

  async function makeEditor() {
    const editor = await editorMadeByTwoAdmins(
      api,
      { proposerEmail, approverEmail },
      "Publishes our quizzes",
    );
    return editor;
  }

  it("an editor imports a draft, previews it without pay, publishes it; a player then plays it for pay", {
    timeout: 300_000,
  }, async () => {
    const editor = await makeEditor();
    const player = await createVerifiedUser(api());
    const ledgerRows = async () =>
      (await (await api().request("/api/ledger/transactions", { cookie: player.cookie })).json()).entries as {
        kind: string;
        amount: number;
        reason: string;
      }[];

    const { page, errors } = await signedInPage(e2e, editor);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/admin/content");
    const form = page.getByRole("form", { name: "Import a quiz" });
    await form.waitFor({ timeout: 20_000 });
    await form.getByLabel("Quiz name").fill(NAME);
    await form.getByLabel("Questions file (CSV or JSON)").setInputFiles({
      name: "oceans.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(questionsCsv(15)),
    });
    await form.getByRole("button", { name: "Import quiz" }).click();
    await expectNotice(page, "Quiz imported", `${NAME}: 15 questions.`);
    const listed = page.getByRole("list", { name: "Quizzes" });
    const entry = listed.getByRole("button", { name: new RegExp(`${NAME}\\s*15 questions · Draft`) });
    await entry.waitFor({ timeout: 20_000 });

    // A draft: the player's /quizzes (and its API) does not show it.
    const { page: playerPage } = await signedInPage(e2e, player);
    await playerPage.setViewportSize({ width: 360, height: 800 });
    await playerPage.goto("/quizzes");
    await playerPage
      .getByRole("heading", { level: 2, name: "General Knowledge" })
      .waitFor({ timeout: 20_000 });
    expect(await playerPage.getByRole("heading", { level: 2, name: NAME }).count()).toBe(0);

    // The preview: labelled, graded in the browser, nothing paid.
    const editorLines = async () =>
      (await (await api().request("/api/ledger/transactions", { cookie: editor.cookie })).json()).entries;
    const linesBefore = await editorLines();
    await entry.click();
    const state = page.getByRole("form", { name: `State of ${NAME}` });
    await state.waitFor();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await state.getByRole("link", { name: /^Preview as a player/ }).click();
    await page.getByText(`Preview — nothing is paid. ${NAME}`).waitFor({ timeout: 20_000 });
    const question = page.getByRole("region", { name: /^Which is ocean number \d+\?$/ });
    const asked = (await question.getByRole("heading").textContent()) ?? "";
    const n = Number(/number (\d+)/.exec(asked)?.[1]);
    await question.getByRole("button", { name: `Ocean ${n}`, exact: true }).click();
    await expect.poll(() => question.getByRole("status").textContent()).toBe("Correct! (preview: no coins)");
    await page.getByRole("button", { name: "Next question" }).click();
    const second = page.getByRole("region", { name: /^Which is ocean number \d+\?$/ });
    await second.getByRole("button", { name: /^Lake \d+$/ }).click();
    await expect
      .poll(() => second.getByRole("status").textContent())
      .toMatch(/^Incorrect\. The correct answer was: Ocean \d+$/);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await editorLines()).toEqual(linesBefore);

    // Publish: the player sees it on their next visit, no restart.
    await page.getByRole("link", { name: "Back to content" }).click();
    await listed.getByRole("button", { name: new RegExp(NAME) }).click();
    await page
      .getByRole("form", { name: `State of ${NAME}` })
      .getByRole("button", { name: "Publish" })
      .click();
    await expectNotice(page, "Quiz published");
    await listed.getByRole("button", { name: new RegExp(`${NAME}\\s*15 questions · Live`) }).waitFor();
    await expectNoAxeViolations(page);
    await playerPage.goto("/quizzes");
    await playerPage.getByRole("heading", { level: 2, name: NAME }).waitFor({ timeout: 20_000 });
    expect(await playerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A round of 10 drawn from the 15, every answer right: 10 coins each and the completion bonus.
    const quizzes = (await (await api().request("/api/quizzes", { cookie: player.cookie })).json()).quizzes;
    const quiz = quizzes.find((q: { name: string }) => q.name === NAME);
    expect(quiz.questionCount).toBe(15);
    const started = await api().request(`/api/quizzes/${quiz.id}/sessions`, {
      method: "POST",
      cookie: player.cookie,
    });
    expect(started.status).toBe(201);
    const round = (await started.json()) as QuizSessionView;
    expect(round.practice).toBe(false);
    expect(new Set(round.questions.map((q) => q.text)).size).toBe(10);
    for (const q of round.questions) {
      const right = `Ocean ${/number (\d+)/.exec(q.text)?.[1]}`;
      const answered = await api().request(`/api/quizzes/sessions/${round.sessionId}/answers`, {
        method: "POST",
        cookie: player.cookie,
        json: { questionId: q.id, option: q.options.indexOf(right) },
      });
      expect(answered.status).toBe(200);
    }
    const line = (await ledgerRows()).find((l) => l.kind === "quiz_session");
    expect(line).toMatchObject({
      amount: 10 * QUIZ_CORRECT_COINS + QUIZ_BONUS_COINS,
      reason: `${NAME}: 10 correct +${10 * QUIZ_CORRECT_COINS}, completion +${QUIZ_BONUS_COINS}`,
    });
    expect(unexpected(errors)).toEqual([]);
  });
});
