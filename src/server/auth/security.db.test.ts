import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "#tests/support/factories";
import { createTestContext, nextIp, type TestContext } from "#tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const MISSING = "You must provide either an email or phone number and a password";

describe("missing credentials (docs/product.md)", () => {
  const bodies = [
    {},
    { email: "a@example.test" },
    { password: "secret1" },
    { email: "", password: "" },
    { email: "   ", password: "secret1" },
    { email: "a@example.test", password: null },
  ];
  for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email"]) {
    it(`${path} answers 400 with the spec's message`, async () => {
      for (const json of bodies) {
        const res = await ctx.request(path, { json });
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect(await res.json()).toEqual({ error: { code: "MISSING_CREDENTIALS", message: MISSING } });
      }
      const empty = await ctx.request(path, { method: "POST" });
      expect((await empty.json()).error.message).toBe(MISSING);
    });
  }
});

describe("malformed bodies", () => {
  const paths = [
    "/api/auth/sign-in/email",
    "/api/auth/sign-up/email",
    "/api/auth/send-verification-email",
    "/api/auth/request-password-reset",
    "/api/auth/reset-password",
    "/api/auth/sign-out",
  ];
  const malformed = [
    "{not json",
    "[]",
    "123",
    '"text"',
    "null",
    JSON.stringify({ email: 5, password: true }),
    JSON.stringify({ email: { $ne: "" }, password: ["x"] }),
    JSON.stringify({ email: "not-an-email", password: "secret1", newPassword: 7, token: {} }),
  ];
  const odd = [
    JSON.stringify({ email: "a@example.test", password: "secret1", callbackURL: "https://evil.example" }),
    JSON.stringify({ email: "a@example.test", redirectTo: 42, rememberMe: "yes", name: 9 }),
  ];
  for (const path of paths.filter((p) => !p.endsWith("/sign-out"))) {
    it(`${path} answers a malformed body with 4xx JSON`, async () => {
      for (const body of malformed) {
        const res = await ctx.request(path, { body, headers: { "content-type": "application/json" } });
        expect(res.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${body}`).toBeLessThan(500);
        const json = await res.json();
        expect(json.error, `${path} ${body}`).toEqual({
          code: expect.any(String),
          message: expect.any(String),
        });
      }
    });
  }

  it("no auth endpoint answers any of these bodies with a 5xx", async () => {
    for (const path of paths) {
      for (const body of [...malformed, ...odd]) {
        const res = await ctx.request(path, { body, headers: { "content-type": "application/json" } });
        expect(res.status, `${path} ${body}`).toBeLessThan(500);
        expect(res.headers.get("content-type"), `${path} ${body}`).toMatch(/application\/json/);
      }
    }
  });

  it("a body in another content type is refused with 4xx JSON", async () => {
    const res = await ctx.request("/api/auth/sign-in/email", {
      body: "email=a%40example.test&password=secret1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("INVALID_JSON");
  });

  it("an unknown auth path is a JSON 404", async () => {
    const res = await ctx.request("/api/auth/nope");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("NOT_FOUND");
  });
});

describe("rate limits", () => {
  it(`sign-in number AUTH_RATE_LIMIT + 1 (${5 + 1}) within a minute from one IP is refused with 429`, async () => {
    expect(ctx.env.authRateLimit).toBe(5);
    const user = await ctx.createVerifiedUser();
    const ip = nextIp();
    const attempt = (from: string, password = "wrong-password") =>
      ctx.request("/api/auth/sign-in/email", { json: { email: user.email, password }, ip: from });
    for (let i = 0; i < 5; i++) expect((await attempt(ip)).status).toBe(401);

    const limited = await attempt(ip, user.password);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: "RATE_LIMITED", message: "Too many requests. Please wait a moment and try again." },
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.getSetCookie()).toEqual([]);

    // Another client is not affected by this IP's limit: the owner's browser signs in (a browser new to the account
    // would now meet the account's own limit, which the 5 wrong passwords used up: sign-in-lock.db.test.ts).
    const owner = await ctx.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
      ip: nextIp(),
      cookie: user.cookie,
    });
    expect(owner.status).toBe(200);
  });

  it("an X-Forwarded-For header does not escape the limit unless TRUST_PROXY is set", async () => {
    const ip = nextIp();
    for (let i = 0; i < 6; i++) {
      const res = await ctx.request("/api/auth/sign-in/email", {
        json: { email: "x@example.test", password: "wrong-password" },
        ip,
        headers: { "x-forwarded-for": `192.0.2.${i}` },
      });
      expect(res.status).toBe(i < 5 ? 401 : 429);
    }
  });

  it("sign-up number AUTH_RATE_LIMIT + 1 from one IP is refused with 429", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await ctx.signUp(uniqueEmail("burst"), "secret1", { ip })).status).toBe(200);
    const email = uniqueEmail("burst");
    expect((await ctx.signUp(email, "secret1", { ip })).status).toBe(429);
    expect(await ctx.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("verification and reset mails: at most 3 a minute per IP", async () => {
    const ip = nextIp();
    const ask = (path: string) => ctx.request(path, { json: { email: uniqueEmail("quota") }, ip });
    expect((await ask("/api/auth/request-password-reset")).status).toBe(200);
    expect((await ask("/api/auth/send-verification-email")).status).toBe(200);
    expect((await ask("/api/auth/request-password-reset")).status).toBe(200);
    expect((await ask("/api/auth/send-verification-email")).status).toBe(429);
    expect((await ask("/api/auth/request-password-reset")).status).toBe(429);
  });

  it("verification and reset mails: at most 3 a minute per address, from any IP", async () => {
    const user = await ctx.createVerifiedUser();
    const ask = () =>
      ctx.request("/api/auth/request-password-reset", {
        json: { email: ` ${user.email.toUpperCase()}`, redirectTo: "/update-password" },
      });
    for (let i = 0; i < 2; i++) expect((await ask()).status).toBe(200);
    // The sign-up's confirmation mail was the first of this minute's three.
    expect((await ask()).status).toBe(429);
    const resets = (await ctx.mailTo(user.email)).filter((m) => /reset/i.test(m.subject));
    expect(resets).toHaveLength(2);
  });

  it("a sign-up over the address's mail quota still creates the account but sends no mail", async () => {
    const email = uniqueEmail("quota-signup");
    for (let i = 0; i < 3; i++) {
      expect((await ctx.request("/api/auth/send-verification-email", { json: { email } })).status).toBe(200);
    }
    const res = await ctx.signUp(email, "secret1");
    expect(res.status).toBe(200);
    expect(await ctx.db.selectFrom("user").select("id").where("email", "=", email).execute()).toHaveLength(1);
    expect(await ctx.mailTo(email)).toEqual([]);
  });
});

describe("origin check on cookie-authenticated mutations", () => {
  it("refuses a cross-origin POST that carries the session cookie with 403 CROSS_ORIGIN", async () => {
    const user = await ctx.createVerifiedUser();
    const attempts = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: null, headers: { referer: "https://evil.example/page" } },
      { origin: null },
    ];
    for (const attempt of attempts) {
      for (const path of ["/api/auth/sign-out", "/api/me", "/api/health"]) {
        const res = await ctx.request(path, { method: "POST", cookie: user.cookie, ...attempt });
        expect(res.status, `${path} ${JSON.stringify(attempt)}`).toBe(403);
        expect(await res.json()).toEqual({
          error: { code: "CROSS_ORIGIN", message: "Cross-origin requests are not allowed." },
        });
      }
    }
    // The session survived every attempt.
    expect((await ctx.request("/api/me", { cookie: user.cookie })).status).toBe(200);

    const sameOriginReferer = await ctx.request("/api/auth/sign-out", {
      method: "POST",
      cookie: user.cookie,
      origin: null,
      headers: { referer: `${ctx.env.appUrl}/wallet` },
    });
    expect(sameOriginReferer.status).toBe(200);
  });

  it("does not affect requests without cookies or safe methods", async () => {
    const user = await ctx.createVerifiedUser();
    const noCookie = await ctx.request("/api/quizzes/general/sessions", {
      method: "POST",
      origin: "https://evil.example",
    });
    expect(noCookie.status).toBe(201);
    const get = await ctx.request("/api/me", { cookie: user.cookie, origin: "https://evil.example" });
    expect(get.status).toBe(200);
  });

  it("leaves better-auth's login-CSRF check on, as in production: a foreign Origin cannot sign in", async () => {
    const user = await ctx.createVerifiedUser();
    const foreign = await ctx.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe("INVALID_ORIGIN");
    const noOrigin = await ctx.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
      origin: null,
    });
    expect(noOrigin.status).toBe(200);
  });
});

describe("with TRUST_PROXY=true and AUTH_RATE_LIMIT=2", () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestContext({ TRUST_PROXY: "true", AUTH_RATE_LIMIT: "2" });
  });
  afterAll(async () => {
    await proxied.close();
  });

  it("keys the limit by the last X-Forwarded-For address", async () => {
    const proxyIp = nextIp();
    const attempt = (client: string) =>
      proxied.request("/api/auth/sign-in/email", {
        json: { email: "x@example.test", password: "wrong-password" },
        ip: proxyIp,
        headers: { "x-forwarded-for": `203.0.113.99, ${client}` },
      });
    expect((await attempt("198.51.100.1")).status).toBe(401);
    expect((await attempt("198.51.100.1")).status).toBe(401);
    expect((await attempt("198.51.100.1")).status).toBe(429);
    expect((await attempt("198.51.100.2")).status).toBe(401);
  });
});

describe("on https", () => {
  let secure: TestContext;
  beforeAll(async () => {
    secure = await createTestContext({ APP_URL: "https://play.example" });
  });
  afterAll(async () => {
    await secure.close();
  });

  it("marks the session cookie Secure, HttpOnly and SameSite=Lax", async () => {
    const user = await secure.createVerifiedUser();
    const res = await secure.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    // The browser's device id is Secure on https too.
    expect(res.headers.getSetCookie().find((c) => c.startsWith("ple_device="))).toMatch(/; Secure/i);
    expect((await secure.request("/api/me", { cookie: user.cookie })).status).toBe(200);
  });
});
