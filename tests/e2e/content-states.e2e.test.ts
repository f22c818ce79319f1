import { expect, it } from "vitest";
import { QUIZ_CSV_HEADER } from "~/core/api/quiz-import";
import type { QuizSessionView } from "~/core/api/quizzes";
import { toCsv } from "~/core/csv";
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
 * the 15, paid per the quiz's reward. An editor also writes a quiz question by question. At 360 px wide,
 * axe-clean, no horizontal scroll.
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

  // One editor for the file, made once by the two listed administrators.
  let editor: ReturnType<typeof editorMadeByTwoAdmins> | undefined;
  const makeEditor = () => {
    editor ??= editorMadeByTwoAdmins(api, { proposerEmail, approverEmail }, "Publishes our quizzes");
    return editor;
  };

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

    // The quiz's own reward, within the ledger's 10 and 10: 5 coins a right answer and a 3-coin bonus.
    await page.getByRole("link", { name: "Back to content" }).click();
    await listed.getByRole("button", { name: new RegExp(NAME) }).click();
    const details = page.getByRole("form", { name: `Quiz ${NAME}` });
    await details.getByLabel(/^Coins per right answer/).fill("5");
    await details.getByLabel(/^Completion bonus/).fill("3");
    await details.getByRole("button", { name: "Save quiz" }).click();
    await expectNotice(page, "Quiz saved");

    // Publish: the player sees it on their next visit, no restart.
    await page
      .getByRole("form", { name: `State of ${NAME}` })
      .getByRole("button", { name: "Publish" })
      .click();
    await expectNotice(page, "Quiz published");
    await listed.getByRole("button", { name: new RegExp(`${NAME}\\s*15 questions · Live`) }).waitFor();
    await expectNoAxeViolations(page);
    await playerPage.goto("/quizzes");
    await playerPage.getByRole("heading", { level: 2, name: NAME }).waitFor({ timeout: 20_000 });
    await playerPage.getByText("5 coins per right answer + 3-coin bonus").waitFor();
    expect(await playerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A round of 10 drawn from the 15, every answer right: paid per the quiz's reward, 5 each and a 3-coin bonus.
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
    expect(line).toMatchObject({ amount: 10 * 5 + 3, reason: `${NAME}: 10 correct +50, completion +3` });
    expect(unexpected(errors)).toEqual([]);
  });

  it("an editor writes a quiz in the console: a draft, a question added and removed, Publish refused under 10", {
    timeout: 180_000,
  }, async () => {
    const editor = await makeEditor();
    const { page, errors } = await signedInPage(e2e, editor);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/admin/content");
    const listed = page.getByRole("list", { name: "Quizzes" });
    await listed.waitFor({ timeout: 20_000 });
    const create = page.getByRole("form", { name: "New quiz" });
    await create.getByLabel("Name").fill("Rivers Written");
    await create.getByLabel("Description").fill("Rivers of the world, written one question at a time.");
    await create.getByLabel("Category").fill("Geography");
    await create.getByLabel(/^Coins per right answer/).fill("4");
    await create.getByRole("button", { name: "Create quiz" }).click();
    await expectNotice(page, "Quiz created");
    await listed.getByRole("button", { name: /Rivers Written\s*0 questions · Draft/ }).waitFor();
    await page.getByRole("heading", { name: "Questions (0)" }).waitFor();

    const add = page.getByRole("form", { name: "Add a question" });
    await add.getByLabel("New question").fill("Which river flows through Cairo?");
    await add.getByLabel(/^Options/).fill("Nile\nAmazon\nDanube");
    await add.getByLabel(/^Answer/).fill("Amazon river");
    await add.getByRole("button", { name: "Add question" }).click();
    // An answer that is not one of the options: refused under the form, what was typed kept.
    await add.getByText("The answer must be one of the options.").waitFor();
    await add.getByLabel(/^Answer/).fill("Nile");
    await add.getByLabel(/^Explanation/).fill("Cairo lies on the Nile's delta.");
    await add.getByRole("button", { name: "Add question" }).click();
    await expectNotice(page, "Question added");
    await page.getByRole("heading", { name: "Questions (1)" }).waitFor();
    const written = page.getByRole("form", { name: "Question 1" });
    expect(await written.getByLabel(/^Explanation/).inputValue()).toBe("Cairo lies on the Nile's delta.");
    expect(await add.getByLabel("New question").inputValue()).toBe("");
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // One question is not a round: Publish is refused, the reason shown.
    await page
      .getByRole("form", { name: "State of Rivers Written" })
      .getByRole("button", { name: "Publish" })
      .click();
    await page.getByText("A quiz needs at least 10 questions to publish: it has 1.").waitFor();
    await written.getByRole("button", { name: /^Remove question/ }).click();
    await expectNotice(page, "Question removed");
    await page.getByRole("heading", { name: "Questions (0)" }).waitFor();
    const detail = await (
      await api().request("/api/admin/quizzes/rivers-written", { cookie: editor.cookie })
    ).json();
    expect(detail.quiz).toMatchObject({ status: "draft", reward: 4, completionBonus: 10, questionCount: 0 });
    expect(unexpected(errors)).toEqual([]);
  });
});
