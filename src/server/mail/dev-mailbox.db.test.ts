import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("the development mailbox", () => {
  it("lists mail newest first, as HTML with clickable links and as JSON", async () => {
    await ctx.deps.mailer.send({
      to: "first@example.test",
      subject: "First <b>",
      text: "Open http://localhost:3000/a?x=1&y=2 now",
      html: "<p>first</p>",
    });
    await ctx.deps.mailer.send({ to: "second@example.test", subject: "Second", text: "no link", html: "" });

    const json = await ctx.request("/dev/mailbox.json");
    expect(json.status).toBe(200);
    const { messages } = await json.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(["Second", "First <b>"]);
    expect(messages[1]).toMatchObject({ to: "first@example.test", createdAt: expect.any(String) });

    const filtered = await (await ctx.request("/dev/mailbox.json?to=FIRST@example.test")).json();
    expect(filtered.messages).toHaveLength(1);

    const html = await ctx.request("/dev/mailbox");
    expect(html.headers.get("content-type")).toMatch(/text\/html/);
    const page = await html.text();
    expect(page.indexOf("Second")).toBeLessThan(page.indexOf("First &lt;b&gt;"));
    expect(page).toContain('<a href="http://localhost:3000/a?x=1&amp;y=2">');
    expect(page).not.toContain("<b>");
  });
});

describe("in production", () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestContext({
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
      SMTP_URL: "smtp://127.0.0.1:9",
      KYC_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
    });
  });
  afterAll(async () => {
    await prod.close();
  });

  it("/dev/mailbox and /dev/mailbox.json do not exist", async () => {
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const res = await prod.request(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe("NOT_FOUND");
    }
  });
});
