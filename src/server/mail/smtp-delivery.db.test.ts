import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "#tests/support/smtp-sink";
import { createTestContext, type TestContext } from "#tests/support/test-app";

let sink: SmtpSink;
let ctx: TestContext;
beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

describe("mail over real SMTP (SMTP_URL set)", () => {
  it("delivers the confirmation mail whose link confirms the account", async () => {
    const email = "smtp-user@example.test";
    expect((await ctx.signUp(email, "secret1")).status).toBe(200);

    const mail = await sink.waitForMail(email, { subject: /confirm/i });
    expect(mail.subject).toBe("Play, Learn, Earn: confirm your email");
    expect(mail.raw).toMatch(/^From: "Play, Learn, Earn" <no-reply@play-learn-earn\.local>/m);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const link = new URL(mail.links.find((l) => l.includes("/api/auth/verify-email")) ?? "");
    expect(link.origin).toBe(ctx.env.appUrl);

    const res = await ctx.request(link.pathname + link.search);
    expect(res.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?verified=1`);
    await ctx.signIn(email, "secret1");

    // Nothing went to the development mailbox.
    expect(await ctx.db.selectFrom("dev_mailbox").selectAll().execute()).toEqual([]);
  });

  it("delivers the password-reset mail with an /update-password link", async () => {
    const email = "smtp-user@example.test";
    await ctx.request("/api/auth/request-password-reset", {
      json: { email, redirectTo: "/update-password" },
    });
    const mail = await sink.waitForMail(email, { subject: /reset/i });
    const link = mail.links.find((l) => l.startsWith(`${ctx.env.appUrl}/update-password?token=`));
    expect(link).toBeDefined();
  });
});
