import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeRedirectPath("/wallet")).toBe("/wallet");
    expect(safeRedirectPath("/games/tic-tac-toe?x=1#top")).toBe("/games/tic-tac-toe?x=1#top");
  });

  it.each([
    null,
    undefined,
    "",
    "wallet",
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "/\tevil",
    "javascript:alert(1)",
    "/auth",
    "/auth?redirectTo=/wallet",
    `/${"a".repeat(2001)}`,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
