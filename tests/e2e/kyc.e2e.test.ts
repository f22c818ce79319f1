import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { createVerifiedUser, type TestUser, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { pngFile } from "../support/kyc-files";
import { desktop, phone } from "./support/chromium";
import { addSessionCookie, describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";

/**
 * KYC in the browser: the guest's prompt, the form's validation, and the whole journey — a user uploads a small
 * PNG and sees 'Pending', an administrator approves it in the console, the user sees 'Approved'; a rejection
 * shows its reason and lets the user submit again.
 */

async function expectNotice(page: Page, title: string, description?: string) {
  let notice = page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .locator("li")
    .filter({ has: page.getByText(title, { exact: true }) });
  if (description) notice = notice.filter({ has: page.getByText(description, { exact: true }) });
  await notice.waitFor({ timeout: 15_000 });
}

const status = (page: Page) => page.getByTestId("kyc-status");

async function waitForStatus(page: Page, label: string) {
  await expect.poll(async () => (await status(page).textContent())?.trim(), { timeout: 20_000 }).toBe(label);
}

describeE2E("KYC", () => {
  const adminEmail = uniqueEmail("admin");
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000", ADMIN_EMAILS: adminEmail });
  const api = () => httpClient(e2e.server.url);

  async function signedIn(user: TestUser, options = desktop) {
    const opened = await e2e.newPage(options);
    await addSessionCookie(opened.context, user.cookie, e2e.server.url);
    return opened;
  }

  async function uploadPng(page: Page, fullName: string) {
    await page.getByLabel("Full Name", { exact: true }).fill(fullName);
    await page.getByLabel("Document ID", { exact: true }).fill("P-55501234");
    await page.getByLabel(/^Document Upload/).setInputFiles({
      name: "passport.png",
      mimeType: "image/png",
      buffer: Buffer.from(pngFile()),
    });
    await page.getByRole("button", { name: /^Submit (for Verification|Again)$/ }).click();
  }

  async function reviewInConsole(user: TestUser, fullName: string, decide: (page: Page) => Promise<void>) {
    const operator = await adminSession();
    const { page, errors } = await signedIn(operator, phone);
    await page.goto("/admin/kyc");
    await page.getByRole("heading", { level: 1, name: "KYC review" }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: `Review ${fullName} (${user.email})` }).click();
    await page.getByRole("heading", { name: `Review: ${fullName}` }).waitFor({ timeout: 20_000 });
    await page.getByText("P-55501234", { exact: true }).waitFor();
    // Beside what was typed, the number it is compared as: its skeleton (0 → O, 1 → L, letters and digits only).
    await page.getByText("P555OL234", { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await decide(page);
    await expect
      .poll(() => page.getByRole("button", { name: `Review ${fullName} (${user.email})` }).count(), {
        timeout: 20_000,
      })
      .toBe(0);
    expect(errors).toEqual([]);
  }

  let adminUser: TestUser | undefined;
  async function adminSession() {
    adminUser ??= await createVerifiedUser(api(), { email: adminEmail });
    return adminUser;
  }

  it("guest: the log-in prompt", async () => {
    const { page } = await e2e.newPage(phone);
    await page.goto("/kyc");
    await page.getByText("Please log in to verify your identity.").waitFor({ timeout: 20_000 });
    expect(await page.getByRole("link", { name: "Log in", exact: true }).getAttribute("href")).toBe(
      "/auth?redirectTo=%2Fkyc",
    );
    expect(await page.locator("main form").count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it("validates: name and document id required, a file required; nothing is sent", async () => {
    const user = await createVerifiedUser(api());
    const { page, errors } = await signedIn(user, phone);
    await page.goto("/kyc");
    await waitForStatus(page, "Not submitted");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/kyc")) posts.push(r.url());
    });
    await page.getByLabel("Full Name", { exact: true }).fill("   ");
    await page.getByRole("button", { name: "Submit for Verification" }).click();
    const form = page.getByRole("form", { name: "Identity verification" });
    await form.getByText("Please enter your full name.").waitFor();
    await form.getByText("Please enter your document ID.").waitFor();
    await form.getByText("Please choose a photo or scan of your identity document.").waitFor();
    expect(await page.getByLabel("Full Name", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectNotice(page, "Please Check the Form");
    await expectNoAxeViolations(page);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("refuses a file that is not an image or PDF with a clear notice", async () => {
    const user = await createVerifiedUser(api());
    const { page } = await signedIn(user, phone);
    await page.goto("/kyc");
    await waitForStatus(page, "Not submitted");
    await page.getByLabel("Full Name", { exact: true }).fill("Eve Example");
    await page.getByLabel("Document ID", { exact: true }).fill("E-1");
    await page.getByLabel(/^Document Upload/).setInputFiles({
      name: "passport.png",
      mimeType: "image/png",
      buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
    });
    await page.getByRole("button", { name: "Submit for Verification" }).click();
    await expectNotice(page, "KYC Not Submitted");
    await page
      .getByRole("form", { name: "Identity verification" })
      .getByText(/Upload a JPEG, PNG or WebP image or a PDF/)
      .waitFor();
    await waitForStatus(page, "Not submitted");
    // The form says what it accepts and how long the review takes; a fit file picked next clears the refusal.
    await page.getByText(/Accepted: a passport, a national identity card or a driving licence/).waitFor();
    await page.getByText(/A review usually takes up to 2 business days/).waitFor();
    await page.getByLabel(/^Document Upload/).setInputFiles({
      name: "passport.png",
      mimeType: "image/png",
      buffer: Buffer.from(pngFile()),
    });
    await expect.poll(() => page.getByText(/Upload a JPEG, PNG or WebP image or a PDF/).count()).toBe(0);
    await expect.poll(() => page.getByLabel(/^Document Upload/).getAttribute("aria-invalid")).toBeNull();
  });

  it("a user uploads a small PNG and sees 'Pending'; an admin approves it in the console; the user sees 'Approved'", async () => {
    const user = await createVerifiedUser(api());
    const { page, errors } = await signedIn(user, phone);
    await page.goto("/kyc");
    await waitForStatus(page, "Not submitted");
    await expectNoAxeViolations(page);
    await uploadPng(page, "Grace Hopper");
    await expectNotice(
      page,
      "KYC Submitted",
      "Thank you! Your documents will be reviewed; the result will show on this page.",
    );
    await waitForStatus(page, "Pending");
    expect(await page.locator("main form").count()).toBe(0);
    await page.getByText(/document ID ••••1234/).waitFor();
    await expectNoAxeViolations(page);

    await reviewInConsole(user, "Grace Hopper", async (admin) => {
      await admin.getByRole("button", { name: "Approve", exact: true }).click();
      await expectNotice(admin, "KYC Approved");
    });

    await page.reload();
    await waitForStatus(page, "Approved");
    await page.getByText("Your identity is verified.").waitFor();
    expect(errors).toEqual([]);
  });

  it("a rejection shows its reason, and the user may submit again", async () => {
    const user = await createVerifiedUser(api());
    const { page } = await signedIn(user, phone);
    await page.goto("/kyc");
    await waitForStatus(page, "Not submitted");
    await uploadPng(page, "Alan Turing");
    await waitForStatus(page, "Pending");

    await reviewInConsole(user, "Alan Turing", async (admin) => {
      await admin.getByRole("button", { name: "Reject", exact: true }).click();
      await admin.getByText("Please give a reason for the rejection.").waitFor();
      await admin.getByLabel(/^Reason for rejection/).fill("The photo is too dark to read.");
      await admin.getByRole("button", { name: "Reject", exact: true }).click();
      await expectNotice(admin, "KYC Rejected");
    });

    await page.reload();
    await waitForStatus(page, "Rejected");
    await page.getByText("The photo is too dark to read.").waitFor();
    await uploadPng(page, "Alan Turing");
    await waitForStatus(page, "Pending");
  });

  it("a second account with the same document number: the review names the first, and approving needs a reason", async () => {
    const submitByApi = async (user: TestUser, fullName: string) => {
      const form = new FormData();
      form.set("fullName", fullName);
      form.set("documentId", "Q-7770-0001");
      form.set("documentUpload", new File([pngFile()], "id.png", { type: "image/png" }));
      const res = await api().request("/api/kyc", { method: "POST", form, cookie: user.cookie });
      expect(res.status).toBe(201);
    };
    const first = await createVerifiedUser(api());
    const second = await createVerifiedUser(api());
    await submitByApi(first, "Mary Jackson");
    await submitByApi(second, "Mary Jackson Two");

    const operator = await adminSession();
    const { page, errors } = await signedIn(operator, phone);
    await page.goto("/admin/kyc");
    await page.getByRole("button", { name: `Review Mary Jackson Two (${second.email})` }).click();
    await page.getByRole("heading", { name: "Review: Mary Jackson Two" }).waitFor({ timeout: 20_000 });
    const notice = page.getByRole("region", { name: "Same document number as another account" });
    await notice.getByText(`Same document as ${first.email} (waiting for review)`).waitFor();
    await expectNoAxeViolations(page);
    await notice.getByRole("button", { name: "Approve", exact: true }).click();
    await notice
      .getByText("Another account submitted the same document number: give a reason for approving.")
      .waitFor();
    await notice.getByLabel(/^Reason for approving/).fill("Checked both documents: different people.");
    await notice.getByRole("button", { name: "Approve", exact: true }).click();
    await expectNotice(page, "KYC Approved");

    // Now the number is approved on another account: the first one's approval needs a second administrator,
    // and the review says so, and why, before anything is sent.
    await page.getByRole("button", { name: `Review Mary Jackson (${first.email})` }).click();
    await page
      .getByRole("heading", { name: "Review: Mary Jackson", exact: true })
      .waitFor({ timeout: 20_000 });
    const why = page.getByRole("note").filter({ hasText: "Needs a second administrator" });
    await why.getByText("Another account's approved KYC has the same document number.").waitFor();
    const held = page.getByRole("region", { name: "Same document number as another account" });
    await held.getByLabel(/^Reason for approving/).fill("Twins: checked by video call.");
    await held.getByRole("button", { name: "Propose approval", exact: true }).click();
    await expectNotice(page, "Approval Proposed");
    expect(errors).toEqual([]);
  });
});
