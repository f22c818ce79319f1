import { describe, expect, it } from "vitest";
import { adminReason } from "./admin";
import { cleanText, INVISIBLE_TEXT_ISSUE, visibleLength, wordsField } from "./words";

const reason = wordsField({ min: 3, max: 20, tooShort: "Too short.", tooLong: "Too long." });
const issueOf = (value: string) => {
  const parsed = reason.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0];
};

describe("reasons are words", () => {
  it("normalises to NFKC and strips control and format characters before counting", () => {
    expect(cleanText("ＡＢＣ")).toBe("ABC");
    expect(cleanText("\ufb01ne")).toBe("fine");
    expect(cleanText("a\u200bb\u200dc\u202e d\u2066e\u2069\u00ad")).toBe("abc de");
    expect(cleanText("  two\n\tlines\u2028here  ")).toBe("two lines here");
    expect(cleanText("e\u0301")).toBe("é");
    expect(cleanText("\u3164\u115f\u2800\ufeff")).toBe("");
  });

  it("counts visible characters: no spaces, no lone combining marks", () => {
    expect(visibleLength("a b")).toBe(2);
    expect(visibleLength("\u0301\u0301\u0301")).toBe(0);
    expect(visibleLength("日本語")).toBe(3);
  });

  it("refuses zero-width and bidi-only text with its own issue, and keeps words", () => {
    for (const hidden of [
      "\u200b\u200b\u200b",
      "\u202e\u202d\u202c",
      "\u2066\u2067\u2069x",
      "a\u200bb\u200b",
    ]) {
      const issue = issueOf(hidden);
      expect(issue?.code, JSON.stringify(hidden)).toBe("custom");
      expect((issue as { params?: { code?: string } }).params?.code).toBe(INVISIBLE_TEXT_ISSUE);
    }
    expect(issueOf("ab")?.message).toBe("Too short.");
    expect((issueOf("ab") as { params?: unknown }).params).toBeUndefined();
    expect(issueOf("   ")?.message).toBe("Too short.");
    expect(issueOf("x".repeat(21))?.message).toBe("Too long.");
    expect(reason.parse("Paid\u202e twice\u200b")).toBe("Paid twice");
    expect(reason.parse(" Ｆraud  ring ")).toBe("Fraud ring");
  });

  it("is the rule of the administrators' reasons", () => {
    expect(adminReason.safeParse("\u200b\u200b\u200b").success).toBe(false);
    expect(adminReason.parse("  ok\u200bay ")).toBe("okay");
  });
});
