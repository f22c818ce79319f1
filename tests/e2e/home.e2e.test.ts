import { expect, it } from "vitest";
import { describeE2E, useE2E } from "./support/fixtures";

describeE2E("home", () => {
  const e2e = useE2E();

  it("shows the headline", async () => {
    const { page, errors, context } = await e2e.newPage();
    await page.goto("/");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Play, Learn, Earn!");
    expect(errors).toEqual([]);
    await context.close();
  });
});
