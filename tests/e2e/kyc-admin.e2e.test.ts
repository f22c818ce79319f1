import { expect, it } from "vitest";
import { phone } from "./support/chromium";
import { describeE2E, expectNoAxeViolations, useE2E } from "./support/fixtures";
import { expectNotice, recordApiCalls } from "./support/pages";

/**
 * The KYC and admin pages: the KYC form's fields and placeholder notice, and the admin placeholder.
 * Users are made through the API and their session cookie is put into the browser.
 */
describeE2E("kyc and admin pages", () => {
  const e2e = useE2E({ AUTH_RATE_LIMIT: "1000", MAIL_RATE_LIMIT: "1000" });

  it("KYC: fullName, documentId, documentUpload (image or PDF); submit shows the placeholder notice and sends nothing", async () => {
    const { page, errors } = await e2e.newPage(phone);
    await page.goto("/kyc");
    const form = page.locator("main form");
    await form.waitFor();
    const fullName = page.getByLabel("Full Name", { exact: true });
    const documentId = page.getByLabel("Document ID", { exact: true });
    const upload = page.getByLabel(/^Document Upload/);
    expect(await fullName.getAttribute("name")).toBe("fullName");
    expect(await documentId.getAttribute("name")).toBe("documentId");
    expect(await upload.getAttribute("name")).toBe("documentUpload");
    expect(await upload.getAttribute("accept")).toBe("image/*,application/pdf");
    await expectNoAxeViolations(page);

    const calls = recordApiCalls(page);
    // No validation: an empty form submits too.
    await page.getByRole("button", { name: "Submit for Verification" }).click();
    await expectNotice(
      page,
      "KYC Submitted (Placeholder)",
      "Identity verification is not available yet, so nothing was sent.",
    );
    await fullName.fill("Jane Doe");
    await documentId.fill("X1234567");
    await upload.setInputFiles({
      name: "id.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4"),
    });
    await page.getByRole("button", { name: "Submit for Verification" }).click();
    await expectNotice(
      page,
      "KYC Submitted (Placeholder)",
      "Identity verification is not available yet, so nothing was sent.",
    );
    expect(calls).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("admin, guest: 'Admin Panel' asks to log in (the console is tested in admin.e2e.test.ts)", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/admin");
    await page.getByRole("heading", { level: 1, name: "Admin Panel" }).waitFor();
    await page.getByText("Please log in with an administrator account to open the admin panel.").waitFor();
    await expectNoAxeViolations(page);
  });
});
