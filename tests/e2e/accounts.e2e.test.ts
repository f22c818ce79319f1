import { expect, it } from "vitest";
import { uniqueEmail } from "#tests/support/factories";
import {
  banner,
  button,
  expectNotice,
  field,
  fillLogin,
  unexpected,
  useAccountsE2E,
} from "./support/accounts";
import { phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, navBalance } from "./support/fixtures";

describeE2E("accounts", () => {
  const { e2e, api, sink, linkInMail, confirmedUser } = useAccountsE2E();

  it("register → the mail arrives → its link confirms → login → 'Logout' and '0 Coins' → logout", async () => {
    const { page, context, errors } = await e2e.newPage();
    const email = uniqueEmail("journey");
    const password = "first-secret-1";
    await page.goto("/auth");
    await button(page, "Register here").click();
    await field(page, "Email").fill(email);
    await field(page, "Password").fill(password);
    await field(page, "Confirm Password").fill(password);
    await button(page, "Register").click();

    await expectNotice(
      page,
      "Check Your Email",
      "A confirmation link has been sent to your email. Please verify to login.",
    );
    await page.getByText("Welcome! Please check your email to confirm your account.").waitFor();
    // The result replaces the register form: no empty form is left under it.
    expect(await field(page, "Email").count()).toBe(0);
    expect(await button(page, "Register").count()).toBe(0);
    const link = await linkInMail(email, /confirm/i, "/api/auth/verify-email");
    expect(new URL(link).origin).toBe(e2e.server.url);

    // Not confirmed yet: refused, with a way to get the mail again.
    await button(page, "Login here").click();
    expect(await field(page, "Email").inputValue()).toBe("");
    expect(await field(page, "Password").inputValue()).toBe("");
    await fillLogin(page, email, password);
    await expectNotice(page, "Login Failed", "Email not verified");
    // Offered, not clicked here: a second confirmation mail marks the account contested, and confirming it then
    // leads to choosing a password (docs/product.md, "Accounts no one can pre-claim"; src/server/auth/pre-claim.db.test.ts).
    await button(page, "Resend confirmation email").waitFor();

    // A broken link explains itself and offers a new one.
    await page.goto("/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth");
    await page.getByText("This confirmation link is invalid or has already been used.").waitFor();
    expect(new URL(page.url()).searchParams.get("verifyError")).toBe("INVALID_TOKEN");

    // Confirming the address signs this browser in and welcomes the player (no password typed again).
    await page.goto(link);
    await expectNotice(page, "Email Confirmed", `Your email address has been confirmed. Welcome, ${email}!`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await button(banner(page), "Logout").waitFor();
    await expect.poll(() => navBalance(page)).toBe(0);
    expect(await banner(page).getByRole("link", { name: "Wallet" }).count()).toBe(1);

    // Signed in, /auth sends the user on.
    await page.goto("/auth");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");

    const failure = { code: "INTERNAL", message: "Something went wrong on our side. Please try again." };
    await page.route("**/api/auth/sign-out", (route) =>
      route.fulfill({ status: 500, json: { error: failure } }),
    );
    await button(banner(page), "Logout").click();
    await expectNotice(page, "Logout Failed", failure.message);
    expect(await button(banner(page), "Logout").count()).toBe(1);
    await page.unroute("**/api/auth/sign-out");

    await button(banner(page), "Logout").click();
    await expectNotice(page, "Logged Out", "You have been successfully logged out.");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/auth");
    await banner(page).getByRole("link", { name: "Login/Register" }).waitFor();
    expect(await button(banner(page), "Logout").count()).toBe(0);
    // The confirmation was the first sign-in: the next is welcomed back.
    await fillLogin(page, email, password);
    await expectNotice(page, "Login Successful", `Welcome back, ${email}!`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("forgot password → mail → /update-password → old password refused, new one works, other session ends", async () => {
    const user = await confirmedUser("reset");
    const newPassword = "second-secret-2";
    const other = await e2e.newPage();
    await addSessionCookie(other.context, user.cookie, e2e.server.url);
    await other.page.goto("/");
    await button(banner(other.page), "Logout").waitFor();

    const { page, context, errors } = await e2e.newPage();
    await page.goto("/auth");
    await field(page, "Email").fill(user.email);
    await button(page, "Forgot Password?").click();
    await expectNotice(page, "Password Reset Email Sent", "Check your email for a password reset link.");
    const link = await linkInMail(user.email, /reset/i, "/update-password?token=");

    await page.goto(link);
    await field(page, "New Password").fill(newPassword);
    await field(page, "Confirm Password").fill(`${newPassword}x`);
    await button(page, "Update Password").click();
    await expectNotice(page, "Error", "Passwords do not match.");
    await field(page, "Confirm Password").fill(newPassword);
    await button(page, "Update Password").click();
    await expectNotice(
      page,
      "Password Updated",
      "Your password has been changed. Please log in with your new password.",
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe("/auth");

    await fillLogin(page, user.email, user.password);
    await expectNotice(page, "Login Failed", "Invalid email or password");

    // The other browser learns of the revoked session on its next check (focus or the 30 s tick).
    await other.page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await banner(other.page).getByRole("link", { name: "Login/Register" }).waitFor();
    expect(await button(banner(other.page), "Logout").count()).toBe(0);
    await other.context.close();

    // Login from a page's prompt comes back to that page.
    await page.goto("/auth?redirectTo=%2Fgames");
    await fillLogin(page, user.email, newPassword);
    await expectNotice(page, "Login Successful", `Welcome back, ${user.email}!`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/games");

    // The link works once.
    await page.goto(link);
    await field(page, "New Password").fill("third-secret-3");
    await field(page, "Confirm Password").fill("third-secret-3");
    await button(page, "Update Password").click();
    await page.getByText("This password reset link is invalid or has expired").waitFor();
    await field(page, "Email").fill(user.email);
    await button(page, "Send New Reset Link").click();
    await expectNotice(page, "Password Reset Email Sent", "Check your email for a password reset link.");
    await expect
      // The reset links (the 'your password was reset' notice is a mail of its own, without a link).
      .poll(
        () =>
          sink().messages.filter(
            (m) => m.to.includes(user.email) && m.text.includes("/update-password?token="),
          ).length,
      )
      .toBe(2);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("?ref=CODE registers with the code: the referral is recorded; an unknown code still creates the account", async () => {
    const referrer = await confirmedUser("referrer");
    const me = await api().request("/api/me", { cookie: referrer.cookie });
    const { profile } = (await me.json()) as { profile: { referralCode: string } };
    const { page, context, errors } = await e2e.newPage(phone);

    const typed = profile.referralCode.toLowerCase();
    await page.goto(`/auth?ref=${typed}`);
    await expectNotice(page, "Referral Applied", "You've been referred! Sign up to get started.");
    await button(page, "Register").waitFor();
    expect(await field(page, "Referral Code (optional)").inputValue()).toBe(typed);
    const friend = uniqueEmail("friend");
    await field(page, "Email").fill(friend);
    await field(page, "Password").fill("friend-secret-1");
    await field(page, "Confirm Password").fill("friend-secret-1");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-up/email"));
    await button(page, "Register").click();
    expect(((await (await answer).json()) as { referral: string }).referral).toBe("applied");
    await page.getByText("Referral Applied! Referral successfully applied.").waitFor();
    await sink().waitForMail(friend, { subject: /confirm/i });
    const referrals = await api().request("/api/referrals", { cookie: referrer.cookie });
    expect(referrals.status).toBe(200);
    const { friends } = (await referrals.json()) as { friends: { email: string }[] };
    expect(friends).toHaveLength(1);

    await page.goto("/auth?ref=NOSUCH99");
    const stranger = uniqueEmail("stranger");
    await field(page, "Email").fill(stranger);
    await field(page, "Password").fill("stranger-secret-1");
    await field(page, "Confirm Password").fill("stranger-secret-1");
    await button(page, "Register").click();
    await page.getByText("Invalid referral code. Proceeding without referral.", { exact: true }).waitFor();
    await expectNotice(
      page,
      "Check Your Email",
      "A confirmation link has been sent to your email. Please verify to login.",
    );
    await sink().waitForMail(stranger, { subject: /confirm/i });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("ten wrong passwords from elsewhere lock new browsers out; the owner's browser, and the mailed unlock link, still let the owner in", async () => {
    const user = await confirmedUser("locked");
    // The owner's usual browser: signed in once, then logged out (it keeps its device id).
    const own = await e2e.newPage(phone);
    await own.page.goto("/auth");
    await fillLogin(own.page, user.email, user.password);
    await expectNotice(own.page, "Login Successful", `Welcome back, ${user.email}!`);
    await button(banner(own.page), "Logout").click();
    await expectNotice(own.page, "Logged Out", "You have been successfully logged out.");
    await banner(own.page).getByRole("link", { name: "Login/Register" }).waitFor();

    // Someone else guesses ten times.
    for (let i = 1; i <= 10; i++)
      await api().request("/api/auth/sign-in/email", { json: { email: user.email, password: `guess-${i}` } });

    // A browser new to the account is refused even with the right password …
    const fresh = await e2e.newPage();
    await fresh.page.goto("/auth");
    await fillLogin(fresh.page, user.email, user.password);
    await expectNotice(
      fresh.page,
      "Login Failed",
      "Too many sign-in attempts for this account. If it is yours, we have e-mailed you a link that lets you sign in now; otherwise try again later.",
    );

    // … the owner's browser is not.
    await own.page.goto("/auth");
    await fillLogin(own.page, user.email, user.password);
    await expectNotice(own.page, "Login Successful", `Welcome back, ${user.email}!`);

    // The mail's link lets the new browser in too.
    const unlock = await linkInMail(user.email, /repeated sign-in attempts/, "/api/auth/unlock-sign-in");
    for (let i = 1; i <= 6; i++)
      await api().request("/api/auth/sign-in/email", { json: { email: user.email, password: `again-${i}` } });
    await fresh.page.goto(unlock);
    await fresh.page.getByText("You can log in from this browser now.").waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(fresh.page);
    await fillLogin(fresh.page, user.email, user.password);
    await expectNotice(fresh.page, "Login Successful", `Welcome back, ${user.email}!`);
    expect(unexpected(fresh.errors)).toEqual([]);
    expect(unexpected(own.errors)).toEqual([]);
  });
});
