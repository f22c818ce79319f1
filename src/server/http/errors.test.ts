import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { createLogger } from "../logger";
import { createErrorHandler } from "./errors";
import { createRouter } from "./router";

function appThrowing(err: Error) {
  const app = createRouter().get("/", () => {
    throw err;
  });
  app.onError(createErrorHandler(createLogger({ logLevel: "silent" })));
  return app;
}

/** What node-postgres and PGlite throw for text PostgreSQL cannot store. */
const databaseError = (code: string) =>
  Object.assign(new Error("invalid byte sequence for encoding"), { code });

describe("createErrorHandler", () => {
  it("answers 503 UNAVAILABLE with Retry-After when the error shows a dependency is unreachable", async () => {
    for (const err of [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    ]) {
      const res = await appThrowing(err).request("/");
      expect(res.status, err.message).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toEqual({
        error: { code: "UNAVAILABLE", message: "Service temporarily unavailable, try again in a moment." },
      });
    }
  });

  it("answers INVALID_IMPORT with the refused rows of the file", async () => {
    const rows = [{ row: 14, reason: "No answer: give the text of the correct option." }];
    const res = await appThrowing(
      new AppError("INVALID_IMPORT", "1 row is not right.", undefined, rows),
    ).request("/");
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: "INVALID_IMPORT", message: "1 row is not right.", rows },
    });
  });

  it("answers an AppError with its status and the JSON envelope", async () => {
    const res = await appThrowing(new AppError("CONFLICT")).request("/");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: "CONFLICT", message: "That conflicts with the current state." },
    });
  });

  it("maps text the database cannot store (SQLSTATE 22021, 22P05) to 400 INVALID_TEXT", async () => {
    for (const code of ["22021", "22P05"]) {
      const res = await appThrowing(databaseError(code)).request("/");
      expect(res.status, code).toBe(400);
      expect((await res.json()).error.code).toBe("INVALID_TEXT");
    }
  });

  it("answers any other error 500 INTERNAL", async () => {
    for (const err of [databaseError("23505"), new TypeError("boom")]) {
      const res = await appThrowing(err).request("/");
      expect(res.status).toBe(500);
      expect((await res.json()).error.code).toBe("INTERNAL");
    }
  });
});
