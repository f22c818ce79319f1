import { expect, it } from "vitest";
import { signUp, uniqueEmail } from "#tests/support/factories";
import {
  button,
  expectNotice,
  field,
  fillLogin,
  notices,
  openNotices,
  unexpected,
  useAccountsE2E,
} from "./support/accounts";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations } from "./support/fixtures";

/** The sign-in and password pages' forms: the password rule, notices, accessibility, redirects. */
describeE2E("auth forms", () => {
  const { e2e, api, confirmedUser } = useAccountsE2E();

  it("refuses a common password in the register form with the server's message, before sending it", async () => {
    const { page, context, errors } = await e2e.newPage(phone);
    const signUps: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/sign-up/email")) signUps.push(r.url());
    });
    await page.goto("/auth");
    await button(page, "Register here").click();
    const email = uniqueEmail("common");
    await field(page, "Email").fill(email);
    await field(page, "Password").fill("123456");
    await field(page, "Confirm Password").fill("123456");
    await button(page, "Register").click();
    const message = "This password is too common. Please choose one that is harder to guess.";
    await expectNotice(page, "Registration Failed", message);
    await page.getByText(message, { exact: true }).first().waitFor();
    await expect.poll(() => field(page, "Password").getAttribute("aria-invalid")).toBe("true");
    expect(signUps).toEqual([]);
    await expectNoAxeViolations(page);

    // The same rule on the server: the API refuses it with the same message.
    const res = await signUp(api(), email, "123456");
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);

    await field(page, "Password").fill("not-so-common-1");
    await field(page, "Confirm Password").fill("not-so-common-1");
    await button(page, "Register").click();
    await expectNotice(
      page,
      "Check Your Email",
      "A confirmation link has been sent to your email. Please verify to login.",
    );
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("shows one notice at a time; F8 reaches it; its close button closes it", async () => {
    const { page, context, errors } = await e2e.newPage();
    await page.goto("/auth");
    await button(page, "Forgot Password?").click();
    await button(page, "Forgot Password?").click();
    await expectNotice(page, "Email Required", "Please enter your email address to reset password.");
    expect(await notices(page).count()).toBeLessThanOrEqual(1);

    await button(page, "Register here").click();
    await field(page, "Email").fill(uniqueEmail("mismatch"));
    await field(page, "Password").fill("secret-one");
    await field(page, "Confirm Password").fill("secret-two");
    await button(page, "Register").click();
    await expectNotice(page, "Error", "Passwords do not match.");
    expect(await notices(page).count()).toBe(1);
    expect(await field(page, "Confirm Password").getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);

    // The axe scan can outlast the notice's 5 s on a busy machine: show it again, then F8 focuses the notice
    // area (Radix pauses a notice's timer while its area has focus).
    await button(page, "Register").click();
    await expectNotice(page, "Error", "Passwords do not match.");
    await page.keyboard.press("F8");
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label")),
      )
      .toBe("Notifications (F8)");
    await notices(page).getByRole("button", { name: "Close notification" }).click();
    await expect.poll(() => openNotices(page).count()).toBe(0);

    await page.getByRole("button", { name: "Show password" }).click();
    expect(await field(page, "Password").getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await field(page, "Password").getAttribute("type")).toBe("password");
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("passes axe in every state of /auth and /update-password; ignores a redirect to another site", async () => {
    const { page, context, errors } = await e2e.newPage();
    await page.goto("/auth");
    await button(page, "Forgot Password?").waitFor();
    await expectNoAxeViolations(page);
    await page.goto("/auth?verifyError=TOKEN_EXPIRED");
    await page.getByText("This confirmation link has expired.").waitFor();
    await expectNoAxeViolations(page);
    await page.goto("/auth?unlockError=INVALID_TOKEN");
    await page.getByText("This unlock link did not work").waitFor();
    await expectNoAxeViolations(page);
    await page.goto("/update-password?token=some-token");
    await field(page, "New Password").waitFor();
    await expectNoAxeViolations(page);
    await page.goto("/update-password?error=INVALID_TOKEN");
    await page.getByText("This password reset link is invalid or has expired").waitFor();
    await expectNoAxeViolations(page);

    // A redirect to another site is ignored.
    const user = await confirmedUser("redirect");
    await page.goto("/auth?redirectTo=%2F%2Fevil.example%2F");
    await fillLogin(page, user.email, user.password);
    await expect.poll(() => new URL(page.url()).href).toBe(`${e2e.server.url}/`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
