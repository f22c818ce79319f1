import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { createVerifiedUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import type { AnswerResult } from "~/core/api/quizzes";
import { quizContent } from "~/server/quizzes/content";
import { phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";

/** The answers, read from the seeded content module in the test process (the browser never gets them). */
const byText = new Map(quizContent.flatMap((quiz) => quiz.questions).map((q) => [q.text, q]));

/** Collects the server's answer results as the page receives them. */
function recordAnswers(page: Page): AnswerResult[] {
  const results: AnswerResult[] = [];
  page.on("response", (res) => {
    if (/\/api\/quizzes\/sessions\/[^/]+\/answers$/.test(res.url()) && res.ok())
      void res.json().then((body: AnswerResult) => results.push(body));
  });
  return results;
}

/**
 * Answers every question through the UI, right when `answerRight(n)` says so, checking the view and the
 * docs/product.md feedback on the way. Returns how many were right.
 */
async function playThrough(
  page: Page,
  answerRight: (n: number) => boolean,
  checkA11yAt = 1,
  paid = true,
  { from = 1, to = 10, rightBefore = 0 } = {},
) {
  let right = rightBefore;
  for (let n = from; n <= to; n++) {
    await page.getByText(`Question ${n}/10`, { exact: true }).waitFor();
    const text = (await page.locator("#quiz-question").textContent()) ?? "";
    const questionView = page.getByRole("region", { name: text, exact: true });
    const question = byText.get(text);
    if (!question) throw new Error(`unknown question on screen: ${text}`);
    expect(await page.getByText(`Score: ${right}`, { exact: true }).count()).toBe(1);
    const buttons = questionView.getByRole("list").getByRole("button");
    expect(await buttons.count()).toBe(4);
    expect(await page.getByRole("progressbar", { name: "Quiz progress" }).getAttribute("aria-valuenow")).toBe(
      String(n - 1),
    );
    if (n === checkA11yAt) await expectNoAxeViolations(page);

    const wantRight = answerRight(n);
    const choice = wantRight ? question.answer : (question.options.find((o) => o !== question.answer) ?? "");
    await questionView.getByRole("button", { name: choice, exact: true }).click();
    const feedback = questionView.getByRole("status");
    // A right answer that pays nothing (a guest's, a practice round's) does not claim coins.
    const expected = wantRight
      ? paid
        ? "Correct! +10 Coins"
        : "Correct!"
      : n < 10
        ? // A miss keeps its answer for the round's end (docs/product.md, "Quizzes").
          "Incorrect. The right answers are shown at the end of the round."
        : `Incorrect. The correct answer was: ${question.answer}`;
    await expect.poll(() => feedback.textContent(), { timeout: 10_000 }).toBe(expected);
    // Locked after answering.
    for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
    if (wantRight) right++;
  }
  return right;
}

describeE2E("quizzes", () => {
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000" });

  it("signed in: completing a quiz raises the nav by 10 × correct + 10, the total the results show", async () => {
    const user = await createVerifiedUser(httpClient(e2e.server.url));
    const { page, context, errors } = await e2e.newPage();
    await addSessionCookie(context, user.cookie, e2e.server.url);
    const results = recordAnswers(page);
    await page.goto("/quizzes");
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(0);
    for (const quiz of quizContent) {
      await page.getByRole("heading", { level: 2, name: quiz.name }).waitFor();
      expect(await page.getByText(quiz.description, { exact: true }).count()).toBe(1);
    }
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Start Quiz: Science Facts" }).click();
    await page.getByRole("heading", { level: 1, name: "Science Facts" }).waitFor();
    const right = await playThrough(page, (n) => n % 4 !== 0);
    expect(right).toBe(8);

    await page.getByRole("heading", { level: 1, name: "Quiz Results" }).waitFor();
    const sessionTotal = 10 * right + 10;
    expect(await page.getByRole("heading", { level: 2, name: "Science Facts" }).count()).toBe(1);
    expect(await page.getByText(`You scored ${right} out of 10`, { exact: true }).count()).toBe(1);
    expect(await page.getByText("Coins earned this session:").textContent()).toBe(
      `Coins earned this session: ${sessionTotal}`,
    );
    await expect.poll(() => navBalance(page)).toBe(sessionTotal);
    expect(results.at(-1)).toMatchObject({ completed: true, score: right, sessionCoins: sessionTotal });
    // The two misses, each with its right answer, come with the results.
    const review = page.getByRole("region", { name: "The right answers" });
    expect(await review.getByRole("listitem").count()).toBe(2);
    for (const missed of results.at(-1)?.review?.filter((r) => !r.correct) ?? [])
      expect(await review.getByText(`Right answer: ${missed.answer}`, { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Play Again or Choose New Quiz" }).click();
    await page.getByRole("heading", { level: 1, name: "Quizzes" }).waitFor();
    expect(await page.getByRole("button", { name: /^Start Quiz/ }).count()).toBe(3);
    // A new round starts from a score of 0.
    await page.getByRole("button", { name: "Start Quiz: World History" }).click();
    await page.getByText("Question 1/10", { exact: true }).waitFor();
    expect(await page.getByText("Score: 0", { exact: true }).count()).toBe(1);
    expect(await page.getByText(`Balance: ${sessionTotal} coins`, { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("signed in: a second session of a quiz the same day says it is practice, before and after, and pays 0", async () => {
    const user = await createVerifiedUser(httpClient(e2e.server.url));
    const { page, context, errors } = await e2e.newPage();
    await addSessionCookie(context, user.cookie, e2e.server.url);
    await page.goto("/quizzes");
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(0);
    const today = page.getByRole("region", { name: "Today" });
    await expect
      .poll(() => today.textContent(), { timeout: 10_000 })
      .toContain("3 of 3 paid quizzes left today");
    expect(await page.getByText(/^Paid today — play again as practice/).count()).toBe(0);

    await page.getByRole("button", { name: "Start Quiz: General Knowledge" }).click();
    await playThrough(page, () => true, 0);
    await page.getByRole("heading", { level: 1, name: "Quiz Results" }).waitFor();
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(110);
    await page.getByRole("button", { name: "Play Again or Choose New Quiz" }).click();

    // Before: the chooser marks the quiz that paid today.
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "General Knowledge" }) });
    await card
      .getByText("Paid today — play again as practice (no coins until tomorrow).")
      .waitFor({ timeout: 10_000 });
    expect(await page.getByText(/^Paid today — play again as practice/).count()).toBe(1);
    await expect
      .poll(() => today.textContent(), { timeout: 10_000 })
      .toContain("2 of 3 paid quizzes left today");
    await expectNoAxeViolations(page);

    await card.getByRole("button", { name: "Start Quiz: General Knowledge" }).click();
    await page
      .getByText("Practice round: this quiz already paid today, so this session earns no coins.")
      .waitFor();
    await playThrough(page, () => true, 0, false);
    // After: the results say it was practice; the balance has not moved.
    await page.getByRole("heading", { level: 1, name: "Quiz Results" }).waitFor();
    await page.getByText("Practice round: no coins this time. This quiz pays again tomorrow.").waitFor();
    expect(await page.getByText("You scored 10 out of 10", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Coins earned this session:").count()).toBe(0);
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(110);
    const res = await page.request.get("/api/ledger/balance");
    expect(await res.json()).toEqual({ balance: 110, pending: 0 });
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("signed in: a paid round survives leaving — 2 of 10 answered, the wallet, back, resumed at question 3 and paid", async () => {
    const user = await createVerifiedUser(httpClient(e2e.server.url));
    const { page, context, errors } = await e2e.newPage();
    await addSessionCookie(context, user.cookie, e2e.server.url);
    await page.goto("/quizzes");
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(0);
    await page.getByRole("button", { name: "Start Quiz: Science Facts" }).click();
    await page
      .getByText(/^Your round is saved: if you leave, resume it from Quizzes or the dashboard until /)
      .waitFor();
    await playThrough(page, () => true, 0, true, { to: 2 });
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(20);

    await page.getByRole("link", { name: "Wallet", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Wallet" }).waitFor();
    await page.getByRole("link", { name: "Home", exact: true }).click();
    // The dashboard offers the round too.
    await page.getByRole("link", { name: "Resume: 2 of 10 answered" }).waitFor({ timeout: 10_000 });
    await page.getByRole("link", { name: "Quizzes", exact: true }).click();
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Science Facts" }) });
    await card.getByText("Resume: 2 of 10 answered", { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.getByText(/^Paid today — play again as practice/).count()).toBe(0);
    await expectNoAxeViolations(page);

    await card.getByRole("button", { name: "Resume Quiz: Science Facts" }).click();
    await page.getByText("Question 3/10", { exact: true }).waitFor();
    expect(await page.getByText("Score: 2", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Practice round", { exact: false }).count()).toBe(0);
    await playThrough(page, () => true, 0, true, { from: 3, rightBefore: 2 });
    await page.getByRole("heading", { level: 1, name: "Quiz Results" }).waitFor();
    expect(await page.getByText("You scored 10 out of 10", { exact: true }).count()).toBe(1);
    expect(await page.getByText("Coins earned this session:").textContent()).toBe(
      "Coins earned this session: 110",
    );
    await expect.poll(() => navBalance(page), { timeout: 10_000 }).toBe(110);
    const res = await page.request.get("/api/ledger/balance");
    expect(await res.json()).toEqual({ balance: 110, pending: 0 });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("guest at 360 px: same grading without coins claimed, an invitation to sign up on the results", async () => {
    const { page, context, errors } = await e2e.newPage(phone);
    const results = recordAnswers(page);
    await page.goto("/quizzes");
    await page.getByRole("button", { name: "Start Quiz: General Knowledge" }).click();
    const right = await playThrough(page, (n) => n % 2 === 1, 3, false);
    expect(right).toBe(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("heading", { level: 1, name: "Quiz Results" }).waitFor();
    expect(await page.getByText("You scored 5 out of 10", { exact: true }).count()).toBe(1);
    // The results say what they would have paid a signed-in player (5 right answers and the completion bonus).
    expect(
      await page
        .getByText(
          "This quiz result pays 60 coins when you are signed in. Create an account to earn coins like these.",
          { exact: true },
        )
        .count(),
    ).toBe(1);
    expect(await page.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/auth?mode=register",
    );
    expect(await page.getByRole("link", { name: "Log in", exact: true }).getAttribute("href")).toBe("/auth");
    expect(await page.getByText("Coins earned this session:").count()).toBe(0);
    expect(await navBalance(page)).toBeNull();
    expect(results).toHaveLength(10);
    expect(results.every((r) => r.earned === null && r.sessionCoins === 0)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Play Again or Choose New Quiz" }).click();
    await page.getByRole("heading", { level: 1, name: "Quizzes" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
