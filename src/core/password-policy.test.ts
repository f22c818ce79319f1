import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./password-policy";

describe("common passwords", () => {
  it("refuses the most common passwords, repeats and keyboard runs", () => {
    for (const password of [
      "123456",
      "aaaaaa",
      "      ",
      "password",
      "qwerty",
      "111111",
      "abc123",
      "letmein",
    ]) {
      expect(isCommonPassword(password), JSON.stringify(password)).toBe(true);
    }
  });

  it("accepts passwords that are not on the list", () => {
    for (const password of ["secret1", "correct horse", "pw-4f9c2a1e", "Tr0ub4dor&3"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("has one message for server and browser", () => {
    expect(COMMON_PASSWORD_MESSAGE).toBe(
      "This password is too common. Please choose one that is harder to guess.",
    );
  });
});
