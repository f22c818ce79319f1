import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { createLogDestination } from "../log-destination";
import { createLogger } from "../logger";
import { createErrorHandler } from "./errors";
import { noStoreByDefault } from "./no-store";
import { requestLog } from "./request-log";
import { createRouter } from "./router";
import { securityHeaders } from "./security-headers";

/** The app's header middlewares in front of answers of every kind: the framework's, one made by hand, errors. */
function headedApp() {
  const logger = createLogger({ logLevel: "silent" }, createLogDestination(process.stdout));
  const api = createRouter()
    .use(noStoreByDefault())
    .get("/json", (c) => c.json({ ok: true }))
    .get("/own", (c) =>
      c.body("kept", 200, { "Content-Security-Policy": "sandbox", "Cache-Control": "max-age=60" }),
    )
    .get("/by-hand", () => new Response("made by hand", { headers: { "x-own": "1" } }))
    .get("/redirect", () => Response.redirect("http://localhost/elsewhere", 302))
    .get("/fails", () => {
      throw new AppError("RATE_LIMITED");
    });
  const app = createRouter()
    .use(securityHeaders({ appUrl: "http://localhost" }))
    .use(requestLog(logger, { trustProxy: false }))
    .route("/api", api)
    .get("/page", (c) => c.html("<p>page</p>"));
  app.notFound(() => {
    throw new AppError("NOT_FOUND");
  });
  app.onError(createErrorHandler(logger));
  return app;
}

const PATHS = [
  "/api/json",
  "/api/own",
  "/api/by-hand",
  "/api/redirect",
  "/api/fails",
  "/api/none",
  "/page",
  "/none",
];

/** The answer's headers, without those that differ by transport (date, connection, length) or by request (its id). */
function headersOf(res: Response): Record<string, string> {
  const skip = new Set([
    "date",
    "connection",
    "keep-alive",
    "content-length",
    "transfer-encoding",
    "x-request-id",
  ]);
  return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
}

let server: ReturnType<typeof createAdaptorServer>;
let base: string;
const app = headedApp();
beforeAll(async () => {
  server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("default headers", () => {
  it("are the same behind Node (set on its response) as in-process (added to the answer)", async () => {
    for (const path of PATHS) {
      const inProcess = await app.request(path);
      const overNode = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(overNode.status, path).toBe(inProcess.status);
      const node = headersOf(overNode);
      // The adapter types a body the answer left untyped; that is the transport's, not these middlewares'.
      if (!inProcess.headers.has("content-type")) delete node["content-type"];
      expect(node, path).toEqual(headersOf(inProcess));
      expect(overNode.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
      expect(overNode.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("yield to an answer's own header of the same name; no-store only under the API", async () => {
    for (const res of [await app.request("/api/own"), await fetch(`${base}/api/own`)]) {
      expect(res.headers.get("content-security-policy")).toBe("sandbox");
      expect(res.headers.get("cache-control")).toBe("max-age=60");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    for (const res of [await app.request("/api/fails"), await fetch(`${base}/api/fails`)]) {
      expect(res.status).toBe(429);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'self'/);
    }
    expect((await fetch(`${base}/page`)).headers.get("cache-control")).toBeNull();
    expect((await fetch(`${base}/api/by-hand`)).headers.get("x-own")).toBe("1");
  });
});
