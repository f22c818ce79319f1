import { describe, expect, it } from "vitest";
import { ApiError, referenceOf, toApiError } from "./api-client";

describe("a failed request's reference", () => {
  it("is the request id of a server-side failure (5xx)", () => {
    const body = { error: { code: "INTERNAL", message: "Something went wrong.", requestId: "3f2a-77" } };
    const error = toApiError(500, body);
    expect(error).toMatchObject({ status: 500, code: "INTERNAL", requestId: "3f2a-77" });
    expect(referenceOf(error)).toBe("3f2a-77");
    expect(referenceOf(toApiError(503, { error: { ...body.error, code: "UNAVAILABLE" } }))).toBe("3f2a-77");
  });

  it("is absent for a client's error, an answer without an id, and anything that is not an ApiError", () => {
    expect(
      referenceOf(toApiError(409, { error: { code: "CONFLICT", message: "No.", requestId: "x" } })),
    ).toBe(undefined);
    expect(referenceOf(toApiError(500, null))).toBe(undefined);
    expect(referenceOf(new ApiError(0, "NETWORK", "offline"))).toBe(undefined);
    expect(referenceOf(new Error("boom"))).toBe(undefined);
  });
});

describe("a refused import's rows", () => {
  it("are read from error.rows, keeping only well-formed entries", () => {
    const error = toApiError(422, {
      error: {
        code: "INVALID_IMPORT",
        message: "2 rows of the file are not right; nothing was imported.",
        rows: [{ row: 3, reason: "No answer: give the text of the correct option." }, { row: "x" }, null],
      },
    });
    expect(error.rows).toEqual([{ row: 3, reason: "No answer: give the text of the correct option." }]);
    expect(toApiError(422, { error: { code: "VALIDATION_FAILED", message: "No." } }).rows).toEqual([]);
  });
});
