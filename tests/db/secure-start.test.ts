import { once } from "node:events";
import { readFile, stat } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_SECRET_FILE } from "~/server/auth/auth-secret";
import { signUp, uniqueEmail } from "../support/factories";
import { httpClient } from "../support/http-client";
import { freePort, type RunningServer, startServer } from "../support/server-process";

/**
 * The server as `npm start` runs it (src/server/main.ts, NODE_ENV=development, no AUTH_SECRET, no SMTP_URL, no
 * DEV_ORIGIN), each on a fresh DATA_DIR: what a stranger can reach must grant nothing.
 */
const asNpmStart = { NODE_ENV: "development" };
let first: RunningServer;
beforeAll(async () => {
  first = await startServer(asNpmStart);
}, 120_000);
afterAll(async () => {
  await first?.stop();
});

describe("npm start on a fresh DATA_DIR", () => {
  // Two DATA_DIRs get different secrets: src/server/auth/auth-secret.test.ts.
  it("generates its own secret, readable by its owner only, and says so", async () => {
    const file = path.join(first.dataDir, AUTH_SECRET_FILE);
    expect((await readFile(file, "utf8")).trim().length).toBeGreaterThanOrEqual(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.output()).toMatch(/AUTH_SECRET is not set: generated a random secret/);
  });

  it("logs where mail goes", () => {
    expect(first.output()).toMatch(
      /SMTP_URL is not set: mail is kept in the dev mailbox, readable only from this machine/,
    );
  });

  it("refuses the Vite dev origin: CSRF check, better-auth's origin check and callbackURL", async () => {
    const api = httpClient(first.url);
    const vite = "http://localhost:5173";
    const email = uniqueEmail("origin");
    expect((await signUp(api, email, "pw-origin-1")).status).toBe(200);

    const signIn = await api.request("/api/auth/sign-in/email", {
      json: { email, password: "pw-origin-1" },
      origin: vite,
    });
    expect(signIn.status).toBe(403);

    const withCookie = await api.request("/api/auth/sign-out", {
      method: "POST",
      cookie: "x=1",
      origin: vite,
    });
    expect(withCookie.status).toBe(403);
    expect((await withCookie.json()).error.code).toBe("CROSS_ORIGIN");

    const redirect = await api.request("/api/auth/request-password-reset", {
      json: { email, redirectTo: `${vite}/update-password` },
    });
    expect(redirect.status).toBe(403);
  });

  it("shows the dev mailbox on this machine only: a request through a proxy gets the normal 404", async () => {
    const api = httpClient(first.url);
    const local = await api.request("/dev/mailbox.json", { local: true });
    expect(local.status).toBe(200);
    const proxyHeaders: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { "x-real-ip": "203.0.113.9" },
      { via: "1.1 proxy" },
    ];
    for (const headers of proxyHeaders) {
      const proxied = await api.request("/dev/mailbox.json?to=a@example.test", { headers });
      expect(proxied.status, JSON.stringify(headers)).toBe(404);
      expect((await proxied.json()).error.code).toBe("NOT_FOUND");
    }
  });
});

describe("npm start on a port that is taken", () => {
  it("stops with exit code 1 and says why", async () => {
    // Something else holds the port: it accepts connections and drops them, so no health check ever passes.
    const port = await freePort();
    const holder = createServer((socket) => socket.destroy());
    holder.listen(port, "127.0.0.1");
    await once(holder, "listening");
    try {
      const failed = await startServer({ ...asNpmStart, PORT: String(port) }).then(
        async (running) => {
          await running.stop();
          return "started";
        },
        (error: unknown) => String(error),
      );
      expect(failed).toContain("server exited with 1");
      expect(failed).toContain(`Could not listen on 127.0.0.1:${port}`);
      expect(failed).toContain("EADDRINUSE");
    } finally {
      holder.close();
    }
  }, 120_000);
});
