import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { createLogDestination } from "../log-destination";
import { createLogger } from "../logger";
import { createErrorHandler } from "./errors";
import { requestLog } from "./request-log";
import { createRouter } from "./router";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An app that logs a line of its own in every request, and fails on /fail; its log lines, parsed. */
function appWithLog(trustProxy: boolean) {
  const lines: Record<string, unknown>[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  const logger = createLogger({ logLevel: "info" }, createLogDestination(output));
  const app = createRouter()
    .use(requestLog(logger, { trustProxy }))
    .get("/ok", async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.info("working on it");
      return c.json({ ok: true });
    })
    .get("/raw", () => new Response("made by hand"))
    .get("/fail", () => {
      throw new Error("boom");
    });
  app.notFound(() => {
    throw new AppError("NOT_FOUND");
  });
  app.onError(createErrorHandler(logger));
  return { app, lines };
}

describe("request ids", () => {
  it("every log line of a request carries its id, which the answer returns in X-Request-Id", async () => {
    const { app, lines } = appWithLog(false);
    const res = await app.request("/ok");
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ["working on it", id],
      ["request", id],
    ]);
    const other = await app.request("/ok");
    expect(other.headers.get("x-request-id")).not.toBe(id);
    const raw = await app.request("/raw");
    expect(raw.headers.get("x-request-id")).toBe(lines.at(-1)?.reqId);
  });

  it("a 500's body names the request's id, the one its 'unhandled error' line is logged under", async () => {
    const { app, lines } = appWithLog(false);
    const res = await app.request("/fail");
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; requestId?: string } };
    expect(body.error.code).toBe("INTERNAL");
    expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
    expect(lines.find((line) => line.msg === "unhandled error")?.reqId).toBe(body.error.requestId);
    // A client's error keeps its body as it was; its id is in the header.
    const missing = await app.request("/nope", { method: "POST" });
    expect(await missing.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
    expect(missing.headers.get("x-request-id")).toMatch(UUID);
    expect(lines.at(-1)).toMatchObject({
      msg: "request",
      status: 404,
      reqId: missing.headers.get("x-request-id"),
    });
  });

  it("keeps a trusted proxy's well-formed X-Request-Id only as the suffix of an id of its own", async () => {
    const asked = async (trustProxy: boolean, id: string) => {
      const res = await appWithLog(trustProxy).app.request("/ok", { headers: { "x-request-id": id } });
      return res.headers.get("x-request-id");
    };
    const kept = await asked(true, "edge-7f3a.1:42");
    expect(kept).toMatch(/^[0-9a-f-]{36}\.edge-7f3a\.1:42$/);
    expect(kept?.slice(0, 36)).toMatch(UUID);
    // The same client id twice: two different ids, so nobody can reuse another's 'Reference'.
    expect(await asked(true, "edge-7f3a.1:42")).not.toBe(kept);
    expect(await asked(false, "edge-7f3a.1:42")).toMatch(UUID);
    for (const malformed of ["a b", "x".repeat(129), "<script>", "id\u00ff"])
      expect(await asked(true, malformed)).toMatch(UUID);
  });
});
