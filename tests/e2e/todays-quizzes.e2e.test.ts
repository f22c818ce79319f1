import { expect, it } from "vitest";
import { createVerifiedUser } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import type { TodaysQuizzes } from "~/core/api/quizzes";
import { quizContent } from "~/server/quizzes/content";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { signedInPage } from "./support/pages";

const nameOf = (id: string) => quizContent.find((q) => q.id === id)?.name ?? id;

/**
 * Today's quizzes (docs/product.md, "Quizzes" and "Dashboard"): a new player sees the day's featured quizzes marked
 * 'New' on /quizzes and on the dashboard; a round played, that quiz's mark is gone.
 */
describeE2E("today's quizzes", () => {
  // Two of the three seeded quizzes a day: one is not featured.
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", QUIZZES_FEATURED_PER_DAY: "2" });

  it("at 360 px: 'New' on the featured quizzes of a new player, gone from the one played, on /quizzes and the dashboard", async () => {
    const user = await createVerifiedUser(httpClient(e2e.server.url));
    const today: TodaysQuizzes = await (
      await httpClient(e2e.server.url).request("/api/quizzes/today", { cookie: user.cookie })
    ).json();
    const [played, other] = today.quizzes.map((q) => nameOf(q.id));
    const notFeatured = quizContent.map((q) => q.name).find((n) => n !== played && n !== other);
    const { page, errors } = await signedInPage(e2e, user, phone);
    await page.goto("/quizzes");

    await page.getByRole("heading", { level: 2, name: "Today's quizzes" }).waitFor();
    const featured = page.getByRole("list", { name: "Today's quizzes" });
    await featured.getByRole("button", { name: `${played} New`, exact: true }).waitFor({ timeout: 10_000 });
    expect(await featured.getByRole("button", { name: `${other} New`, exact: true }).count()).toBe(1);
    expect(await featured.getByRole("button").count()).toBe(2);
    expect(await featured.getByText(notFeatured ?? "", { exact: true }).count()).toBe(0);
    // The full list is still all three.
    expect(await page.getByRole("button", { name: /^Start Quiz/ }).count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // A featured quiz starts from the section; one answer, then away.
    await featured.getByRole("button", { name: `${played} New`, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: played }).waitFor();
    await page.getByText("Question 1/10", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Quizzes", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Quizzes" }).waitFor();
    await featured.getByRole("button", { name: played, exact: true }).waitFor({ timeout: 10_000 });
    expect(await featured.getByRole("button", { name: `${other} New`, exact: true }).count()).toBe(1);
    expect(await featured.getByText("New", { exact: true }).count()).toBe(1);

    // The dashboard's list, last on the page: the same marks, each a link to /quizzes.
    await page.getByRole("link", { name: "Home", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Your dashboard" }).waitFor();
    // Last on the page: below everything else, so nothing visible moves while it loads.
    expect(await page.getByRole("main").getByRole("heading", { level: 2 }).last().textContent()).toBe(
      "Today's quizzes",
    );
    const card = page.getByRole("list", { name: "Today's quizzes" });
    await card.getByRole("link", { name: played, exact: true }).waitFor({ timeout: 10_000 });
    const links = card.getByRole("link");
    expect(await links.evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute("href")]))).toEqual(
      [
        [played, "/quizzes"],
        [`${other}New`, "/quizzes"],
      ],
    );
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
