import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRequest } from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ NODE_ENV: "development" });
  await ctx.deps.mailer.send({
    to: "first@example.test",
    subject: "First <b>",
    text: "Open http://localhost:3000/a?x=1&y=2 now",
    html: "<p>first</p>",
  });
  await ctx.deps.mailer.send({ to: "second@example.test", subject: "Second", text: "no link", html: "" });
});
afterAll(async () => {
  await ctx.close();
});

/** Both mailbox pages must answer the normal 404 (nothing about the mailbox, no mail). */
async function expectNotFound(context: TestContext, options: ApiRequest, base = "") {
  for (const path of ["/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox.json?to=first@example.test"]) {
    const res = await context.request(`${base}${path}`, options);
    expect(res.status, `${base}${path} ${JSON.stringify(options)}`).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
  }
}

describe("the development mailbox, for the person at the machine", () => {
  it("lists mail newest first, as HTML with clickable links and as JSON, never cached", async () => {
    const json = await ctx.request("/dev/mailbox.json", { local: true });
    expect(json.status).toBe(200);
    expect(json.headers.get("cache-control")).toBe("no-store");
    const { messages } = await json.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(["Second", "First <b>"]);
    expect(messages[1]).toMatchObject({ to: "first@example.test", createdAt: expect.any(String) });

    const filtered = await (
      await ctx.request("/dev/mailbox.json?to=FIRST@example.test", { local: true })
    ).json();
    expect(filtered.messages).toHaveLength(1);

    const html = await ctx.request("/dev/mailbox", { local: true });
    expect(html.headers.get("content-type")).toMatch(/text\/html/);
    const page = await html.text();
    expect(page.indexOf("Second")).toBeLessThan(page.indexOf("First &lt;b&gt;"));
    expect(page).toContain('<a href="http://localhost:3000/a?x=1&amp;y=2">');
    expect(page).not.toContain("<b>");
  });

  it("answers the IPv6 loopback and 127.0.0.1 by name", async () => {
    for (const host of ["http://127.0.0.1:3000", "http://[::1]:3000", "http://localhost:3000"]) {
      const res = await ctx.request(`${host}/dev/mailbox.json`, { local: true });
      expect(res.status, host).toBe(200);
    }
  });
});

describe("the development mailbox, for everyone else: the normal 404", () => {
  it("refuses a peer that is not loopback", async () => {
    await expectNotFound(ctx, { ip: "192.0.2.10" });
    await expectNotFound(ctx, { ip: "10.0.0.1" });
    await expectNotFound(ctx, { ip: "::ffff:203.0.113.5" });
  });

  it("refuses a request that came through a proxy on the same host (loopback peer, forwarding header)", async () => {
    const proxyHeaders: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.5" },
      { "x-forwarded-for": "127.0.0.1" },
      { "x-forwarded-host": "play.example" },
      { "x-forwarded-proto": "https" },
      { forwarded: "for=203.0.113.5;proto=https" },
      { "x-real-ip": "203.0.113.5" },
      { via: "1.1 nginx" },
    ];
    for (const headers of proxyHeaders) {
      await expectNotFound(ctx, { local: true, headers });
    }
  });

  it("refuses a page that names another host (DNS rebinding to 127.0.0.1)", async () => {
    await expectNotFound(ctx, { local: true }, "http://attacker.example");
    await expectNotFound(ctx, { local: true }, "http://play.example:3000");
  });
});

describe("with SMTP_URL set", () => {
  it("does not exist, even for the person at the machine", async () => {
    const smtp = await createTestContext({ NODE_ENV: "development", SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      await expectNotFound(smtp, { local: true });
    } finally {
      await smtp.close();
    }
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

  it("/dev/mailbox and /dev/mailbox.json do not exist, even for the person at the machine", async () => {
    await expectNotFound(prod, { local: true });
    await expectNotFound(prod, {});
  });
});
