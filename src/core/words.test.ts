import { describe, expect, it } from "vitest";
import { adminReason } from "./admin";
import {
  cleanText,
  hasUnreadable,
  INVISIBLE_TEXT_ISSUE,
  revealHidden,
  UNREADABLE_TEXT_ISSUE,
  visibleLength,
  wordsField,
} from "./words";

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

describe("characters no font draws", () => {
  it.each([
    ["private-use U+E000", "Paid \ue000\ue001"],
    ["supplementary private-use U+F0000", "Paid \u{f0000}"],
    ["unassigned U+0378", "Paid \u0378\u0378\u0378"],
    ["noncharacter U+FDD0", "Paid \ufdd0"],
    ["noncharacter U+FFFF", "Paid\uffff ok"],
    ["noncharacter U+10FFFE", "Paid \u{10fffe}"],
    ["a lone surrogate", "Paid \ud800"],
    ["only private-use", "\ue000\ue000\ue000"],
    ["only replacement characters U+FFFD", "\ufffd\ufffd\ufffd"],
    ["a replacement character U+FFFD inside", "Paid \ufffd by bank"],
    ["only tatweels U+0640", "\u0640\u0640\u0640\u0640"],
    ["musical null noteheads U+1D159", "\u{1d159}\u{1d159}\u{1d159}"],
    ["only symbols", "→ → → ★"],
    ["'abc' under 180 combining marks", `abc${"\u0301".repeat(180)}`],
    ["three accents on one letter", "Paid a\u0301\u0302\u0303"],
    ["three accents, one of them precomposed", "Paid \u00e1\u0302\u0303"],
    ["cuneiform, which the console cannot draw", "Refund \u{12000}\u{12001}\u{12002}"],
    ["Egyptian hieroglyphs", "\u{13000}\u{13001}\u{13002}"],
    ["Linear B", "Paid \u{10000}\u{10001}"],
  ])("%s is refused with its own issue", (_what, text) => {
    const issue = issueOf(text);
    expect(issue?.code).toBe("custom");
    expect((issue as { params?: { code?: string } }).params?.code).toBe(UNREADABLE_TEXT_ISSUE);
    expect(hasUnreadable(text)).toBe(true);
  });

  it("lets letters of every script, emoji and symbols through", () => {
    for (const text of [
      "Zahlung über PayPal",
      "支付宝 转账",
      "Paid 👍",
      "€ 25 · №7",
      "Refund א 100 ב 9000",
      "Tiếng Việt: ổn",
      "ကြောင်း ပေးချေ",
      "सत्यापन पूरा",
      "مرحبا ١٢٣",
      "日本語 한국어 Ελληνικά",
      "ok x\u0301\u0302",
    ]) {
      expect(hasUnreadable(text), text).toBe(false);
      expect(reason.safeParse(text).success, text).toBe(true);
    }
  });

  it("shows what was typed with its hidden characters named", () => {
    expect(revealHidden("P12345\u2060678")).toBe("P12345⟨U+2060⟩678");
    expect(revealHidden("a\u200bb\u00adc\ue000")).toBe("a⟨U+200B⟩b⟨U+00AD⟩c⟨U+E000⟩");
    expect(revealHidden("P-1234 5678")).toBe("P-1234 5678");
  });
});
