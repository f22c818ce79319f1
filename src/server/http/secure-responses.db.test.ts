import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../../tests/support/factories";
import { type Operation, operationsOf } from "../../../tests/support/fuzz-requests";
import { createTestContext, type TestContext } from "../../../tests/support/test-app";
import { createApp } from "../app";
import type { OpenApiDocument } from "../openapi/build-document";

let ctx: TestContext;
let operations: Operation[];
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  const doc: OpenApiDocument = await (await ctx.request("/api/openapi.json")).json();
  operations = operationsOf(doc);
  user = await ctx.createVerifiedUser();
});
afterAll(async () => {
  await ctx.close();
});

const LEVELS = 5000;
const deepArray = `${"[".repeat(LEVELS)}1${"]".repeat(LEVELS)}`;
const deepObject = `${'{"a":'.repeat(LEVELS)}1${"}".repeat(LEVELS)}`;
const concrete = (p: string) => p.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");

describe("JSON nested 5 000 levels deep", () => {
  it("is under the 64 KB body limit, so only the depth can refuse it", () => {
    for (const text of [deepArray, deepObject]) {
      expect(new TextEncoder().encode(`{"email":${text}}`).length).toBeLessThan(64 * 1024);
    }
  });

  it("answers 400 JSON_TOO_DEEP on every operation that takes a body, auth included, signed in or not", async () => {
    const withBody = operations.filter((op) => op.method !== "GET");
    // Every family: auth, games, quizzes, videos, ledger, referrals, me…
    const families = new Set(withBody.map((op) => op.path.split("/")[2]));
    expect([...families]).toEqual(expect.arrayContaining(["auth", "games", "quizzes", "videos"]));
    const bodies = [
      { "content-type": "application/json", body: `{"email":${deepArray},"password":"secret1"}` },
      { "content-type": "application/json", body: deepObject },
      { "content-type": "text/plain", body: `{"email":"a@example.test","password":${deepArray}}` },
    ];
    for (const op of withBody) {
      for (const cookie of [undefined, user.cookie]) {
        for (const { body, ...headers } of bodies) {
          const res = await ctx.request(concrete(op.path), { method: op.method, body, headers, cookie });
          const label = `${op.method} ${op.path} ${headers["content-type"]} ${cookie ? "signed in" : "guest"}`;
          expect(res.status, label).toBe(400);
          expect((await res.json()).error, label).toEqual({
            code: "JSON_TOO_DEEP",
            message: "The request body is nested too deeply (at most 64 levels of objects and arrays).",
          });
        }
      }
    }
    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(200);
  });

  it("the three auth endpoints that answered 500 before answer 400, and 64 levels still pass the guard", async () => {
    for (const path of ["sign-in/email", "send-verification-email", "request-password-reset"]) {
      const res = await ctx.request(`/api/auth/${path}`, {
        body: `{"email":${deepArray}}`,
        headers: { "content-type": "application/json" },
      });
      expect(res.status, path).toBe(400);
    }
    const shallow = `${"[".repeat(63)}1${"]".repeat(63)}`;
    const ok = await ctx.request("/api/auth/sign-in/email", {
      body: `{"email":${shallow},"password":"secret1"}`,
      headers: { "content-type": "application/json" },
    });
    expect(ok.status).toBeLessThan(500);
    expect((await ok.json()).error.code).not.toBe("JSON_TOO_DEEP");
  });

  it("a body declared as JSON that does not parse is 400 INVALID_JSON everywhere", async () => {
    for (const op of operations.filter((o) => o.method !== "GET")) {
      const res = await ctx.request(concrete(op.path), {
        method: op.method,
        body: '{"a":',
        headers: { "content-type": "application/json" },
      });
      expect(res.status, `${op.method} ${op.path}`).toBe(400);
      expect((await res.json()).error.code).toBe("INVALID_JSON");
    }
  });
});

describe("caching", () => {
  it("every signed-in API answer is no-store: /api/me, the ledger, referrals, the session", async () => {
    for (const p of [
      "/api/me",
      "/api/ledger/balance",
      "/api/ledger/transactions",
      "/api/referrals",
      "/api/auth/get-session",
    ]) {
      const res = await ctx.request(p, { cookie: user.cookie });
      expect(res.status, p).toBeLessThan(400);
      expect(res.headers.get("cache-control"), p).toBe("no-store");
    }
    const guest = await ctx.request("/api/me");
    expect(guest.status).toBe(401);
    expect(guest.headers.get("cache-control")).toBe("no-store");
  });

  it("sign-in answers (which set the session cookie) are no-store", async () => {
    const res = await ctx.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("the built web app's assets", () => {
  let webRoot: string;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), "ple-web-"));
    await mkdir(path.join(webRoot, "assets"));
    await writeFile(path.join(webRoot, "index.html"), "<!doctype html><title>app</title>");
    await writeFile(path.join(webRoot, "assets", "index-abc123.js"), "export {};");
    app = createApp(ctx.deps, { webRoot });
  });
  afterAll(async () => {
    await rm(webRoot, { recursive: true, force: true });
  });

  it("a missing file under /assets/ is a 404, not index.html; pages still get index.html", async () => {
    const missing = await app.request("/assets/missing.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/application\/json/);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect((await app.request("/assets/old-chunk-1a2b3c.js")).status).toBe(404);

    const found = await app.request("/assets/index-abc123.js");
    expect(found.status).toBe(200);
    expect(found.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const page = await app.request("/wallet");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>app</title>");
  });
});

describe("trusted origins", () => {
  const vite = "http://localhost:5173";

  it("the Vite dev server's origin is refused unless DEV_ORIGIN names it (only npm run dev does)", async () => {
    // ctx is configured as `npm start` is: no DEV_ORIGIN.
    const refused = await ctx.request("/api/auth/sign-out", {
      method: "POST",
      cookie: user.cookie,
      origin: vite,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("CROSS_ORIGIN");
    const callback = await ctx.request("/api/auth/send-verification-email", {
      json: { email: "someone@example.test", callbackURL: `${vite}/auth` },
    });
    expect(callback.status).toBe(403);

    const dev = await createTestContext({ NODE_ENV: "development", DEV_ORIGIN: vite });
    try {
      const devUser = await dev.createVerifiedUser();
      const allowed = await dev.request("/api/auth/sign-out", {
        method: "POST",
        cookie: devUser.cookie,
        origin: vite,
      });
      expect(allowed.status).toBe(200);
      const devCallback = await dev.request("/api/auth/send-verification-email", {
        json: { email: "someone@example.test", callbackURL: `${vite}/auth` },
      });
      expect(devCallback.status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
