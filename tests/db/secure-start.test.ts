import { once } from "node:events";
import { readFile, stat } from "node:fs/promises";
import { connect, createServer } from "node:net";
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
  first = await startServer(asNpmStart, { freshDatabase: true });
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

  it("checks a body over HTTP whether its length is declared or it comes chunked; a POST without one is served", async () => {
    const deep = `{"email":${"[".repeat(100)}${"]".repeat(100)}}`;
    const large = JSON.stringify({ email: "x".repeat(70 * 1024) });
    // Raw HTTP/1.1, so that the framing is exactly what each case says (fetch and node:http add their own).
    const send = async (framing: "length" | "chunked" | "none", body = "") => {
      const port = new URL(first.url).port;
      const head = [
        "POST /api/auth/sign-in/email HTTP/1.1",
        `Host: localhost:${port}`,
        `Origin: ${first.url}`,
        "Content-Type: application/json",
        "Connection: close",
        ...(framing === "length" ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
        ...(framing === "chunked" ? ["Transfer-Encoding: chunked"] : []),
      ].join("\r\n");
      const half = Math.floor(body.length / 2);
      const chunk = (part: string) => `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`;
      const payload =
        framing === "chunked" ? `${chunk(body.slice(0, half))}${chunk(body.slice(half))}0\r\n\r\n` : body;
      const socket = connect(Number(port), "127.0.0.1");
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (data: string) => {
        answer += data;
      });
      socket.end(`${head}\r\n\r\n${payload}`);
      await once(socket, "close");
      return {
        status: Number(answer.split(" ")[1]),
        code: /"code":"([A-Z_]+)"/.exec(answer)?.[1],
      };
    };
    expect(await send("length", deep)).toEqual({ status: 400, code: "JSON_TOO_DEEP" });
    expect(await send("chunked", deep)).toEqual({ status: 400, code: "JSON_TOO_DEEP" });
    expect(await send("chunked", large)).toEqual({ status: 413, code: "PAYLOAD_TOO_LARGE" });
    // No body at all: the checks have nothing to read; better-auth answers for the missing fields itself.
    const none = await send("none");
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
    expect(none.code).not.toBe("JSON_TOO_DEEP");
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
