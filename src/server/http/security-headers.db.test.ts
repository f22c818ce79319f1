import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { createApp } from "../app";

let ctx: TestContext;
let webRoot: string;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext();
  webRoot = await mkdtemp(path.join(tmpdir(), "ple-web-"));
  await mkdir(path.join(webRoot, "assets"));
  await writeFile(
    path.join(webRoot, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  await writeFile(path.join(webRoot, "assets", "app.js"), "console.log(1);\n".repeat(200));
  await writeFile(path.join(webRoot, "assets", "app.js.gz"), "pretend gzip");
  app = createApp(ctx.deps, { webRoot });
});
afterAll(async () => {
  await ctx.close();
  await rm(webRoot, { recursive: true, force: true });
});

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  const directives = new Map(
    csp.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get("script-src"), what).toEqual(["'self'"]);
  expect(directives.get("default-src"), what).toEqual(["'self'"]);
  expect(directives.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(directives.get("object-src"), what).toEqual(["'none'"]);
  expect(directives.get("base-uri"), what).toEqual(["'self'"]);
  expect(directives.get("form-action"), what).toEqual(["'self'"]);
  expect(csp, what).not.toMatch(/unsafe-eval/);
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
}

describe("security headers", () => {
  it("are on API answers, API errors and redirects", async () => {
    const answers: [string, Response][] = [
      ["GET /api/health", await app.request("/api/health")],
      ["unknown API path (404)", await app.request("/api/nope")],
      ["wrong method", await app.request("/api/health", { method: "DELETE" })],
      [
        "bad JSON (400)",
        await app.request("/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{",
        }),
      ],
      [
        "guest earning (401)",
        await app.request("/api/videos/tutorial-get-started/watches", { method: "POST" }),
      ],
      ["better-auth answer", await app.request("/api/auth/get-session")],
      [
        "confirmation link redirect (302)",
        await app.request("/api/auth/verify-email?token=bad&callbackURL=%2Fauth"),
      ],
    ];
    for (const [what, res] of answers) expectSecurityHeaders(res, `${what} → ${res.status}`);
    expect(answers.at(-1)?.[1].status).toBe(302);
  });

  it("are on the SPA, its assets and unknown pages", async () => {
    for (const p of ["/", "/wallet", "/no/such/page", "/assets/app.js", "/assets/missing.js"]) {
      expectSecurityHeaders(await app.request(p), p);
    }
    const html = await app.request("/");
    expect(html.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("serve a precompressed asset to a client that accepts it", async () => {
    const res = await app.request("/assets/app.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("cache-control")).toMatch(/immutable/);
    expect(await res.text()).toBe("pretend gzip");
    const plain = await app.request("/assets/app.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("send HSTS only when APP_URL is https", async () => {
    expect((await app.request("/api/health")).headers.get("strict-transport-security")).toBeNull();
    const https = await createTestContext({ APP_URL: "https://play.example" });
    try {
      const res = await https.app.request("/api/health");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get("content-security-policy")).toMatch(/upgrade-insecure-requests/);
    } finally {
      await https.close();
    }
  });
});
