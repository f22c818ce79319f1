import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ApiClient, signIn, signUp, uniqueEmail } from "#tests/support/factories";
import { httpClient } from "#tests/support/http-client";
import { type SmtpSink, startSmtpSink } from "#tests/support/smtp-sink";
import { phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, navBalance, useE2E } from "./support/fixtures";

/** The notices (docs/product.md: at most one), inside Radix's viewport region; a closed one leaves after its animation. */
const notices = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).locator("li");
const openNotices = (page: Page) => notices(page).and(page.locator('[data-state="open"]'));

/**
 * Waits until the visible notice reads `title` + `description` (a notice's text is its title then description).
 * Generous: the notice area's code loads with the first notice of a visit.
 */
async function expectNotice(page: Page, title: string, description = "") {
  await expect
    .poll(() => openNotices(page).allTextContents(), {
      message: `notice '${title}'`,
      timeout: 15_000,
    })
    .toEqual([`${title}${description}`]);
}

const banner = (page: Page) => page.getByRole("banner");
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true });

/** Page errors, without the browser's own log line for an expected 4xx answer (e.g. a refused login). */
const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith("Failed to load resource"));

async function fillLogin(page: Page, email: string, password: string) {
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await button(page, "Login").click();
}

describeE2E("accounts", () => {
  let sink: SmtpSink;
  // Declared before useE2E: its beforeAll runs first, so the server starts with the sink's URL.
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });
  const e2e = useE2E(() => ({ SMTP_URL: sink.url, AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000" }));
  const api = (): ApiClient => httpClient(e2e.server.url);

  /** The link of the newest mail to `email` whose subject matches, waiting for the SMTP delivery. */
  async function linkInMail(email: string, subject: RegExp, part: string): Promise<string> {
    const mail = await sink.waitForMail(email, { subject });
    const link = mail.links.find((l) => l.includes(part));
    if (!link) throw new Error(`no ${part} link in:\n${mail.text}`);
    return link;
  }

  /** A confirmed account made through the API, with its session cookie. */
  async function confirmedUser(prefix: string, referralCode?: string) {
    const email = uniqueEmail(prefix);
    const password = `pw-${prefix}-123`;
    expect((await signUp(api(), email, password, { referralCode })).status).toBe(200);
    const link = new URL(await linkInMail(email, /confirm/i, "/api/auth/verify-email"));
    expect((await api().request(link.pathname + link.search)).status).toBe(302);
    return { email, password, cookie: await signIn(api(), email, password) };
  }

  const mailCount = (email: string) => sink.messages.filter((m) => m.to.includes(email)).length;

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
    expect(await field(page, "Email").inputValue()).toBe("");
    expect(await field(page, "Password").inputValue()).toBe("");
    expect(await field(page, "Confirm Password").inputValue()).toBe("");
    const link = await linkInMail(email, /confirm/i, "/api/auth/verify-email");
    expect(new URL(link).origin).toBe(e2e.server.url);

    // Not confirmed yet: refused, with a way to get the mail again.
    await button(page, "Login here").click();
    await fillLogin(page, email, password);
    await expectNotice(page, "Login Failed", "Email not verified");
    await button(page, "Resend confirmation email").click();
    await expect.poll(() => mailCount(email)).toBe(2);

    // A broken link explains itself and offers a new one.
    await page.goto("/api/auth/verify-email?token=not-a-token&callbackURL=%2Fauth");
    await page.getByText("This confirmation link is invalid or has already been used.").waitFor();
    expect(new URL(page.url()).searchParams.get("verifyError")).toBe("INVALID_TOKEN");

    await page.goto(link);
    await expectNotice(page, "Email Confirmed", "Your email address has been confirmed. You can now log in.");
    expect(new URL(page.url()).pathname).toBe("/auth");

    await fillLogin(page, email, password);
    await expectNotice(page, "Login Successful", `Welcome back, ${email}!`);
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
      .poll(() => sink.messages.filter((m) => m.to.includes(user.email) && /reset/i.test(m.subject)).length)
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
    await sink.waitForMail(friend, { subject: /confirm/i });
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
    await sink.waitForMail(stranger, { subject: /confirm/i });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

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
