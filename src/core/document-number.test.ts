import { unicodeName } from "unicode-name";
import { describe, expect, it } from "vitest";
import { decimalDigitValue, documentNumberKey } from "./document-number";

/** Every decimal digit (Unicode Nd) the runtime knows, found by its property, not from a list of scripts. */
function allDecimalDigits(): string[] {
  const digits: string[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const ch = String.fromCodePoint(code);
    if (/\p{Nd}/u.test(ch)) digits.push(ch);
  }
  return digits;
}

describe("documentNumberKey: a document number compared by its skeleton", () => {
  const plain = documentNumberKey("P12345678");

  it.each([
    ["word joiner U+2060", "P12345\u2060678"],
    ["zero width space U+200B", "P1234\u200b5678"],
    ["soft hyphen U+00AD", "P123\u00ad45678"],
    ["Cyrillic capital ER U+0420", "\u042012345678"],
    ["full-width digits", "P\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18"],
    ["full-width letter and lower case", "\uff5012345678"],
    ["lower case, spaces and dashes", " p-1234 5678 "],
    ["a capital I for the 1", "PI2345678"],
    ["bidi isolates and a byte-order mark", "\u2066P1234\u2069\ufeff5678"],
    ["a private-use character inside", "P1234\ue0005678"],
    ["Greek capital RHO", "\u03a112345678"],
    ["an en dash and a slash", "P1234\u20135/678"],
  ])("%s is the same number", (_what, disguised) => {
    expect(documentNumberKey(disguised)).toBe(plain);
  });

  it("keeps letters and digits, upper case", () => {
    expect(plain).toBe("PL2345678");
    expect(documentNumberKey("ab-12 345.6")).toBe(documentNumberKey("AB123456"));
    expect(documentNumberKey("ＡＢ１２３４５６")).toBe(documentNumberKey("AB123456"));
    expect(documentNumberKey("\u200b\u2060\u00ad")).toBe("");
  });

  it("tells different numbers apart", () => {
    expect(documentNumberKey("AB123456")).not.toBe(documentNumberKey("AB123457"));
    expect(documentNumberKey("AB123456")).not.toBe(documentNumberKey("BA123456"));
    expect(documentNumberKey("P12345678")).not.toBe(documentNumberKey("P12345679"));
  });

  it.each([
    ["Arabic-Indic digits", "P\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668"],
    ["a tatweel inside", "P1234\u06405678"],
    ["a small capital P", "\u1d1812345678"],
    ["a P with stroke", "\u2c6312345678"],
    ["dingbat negative circled digits", "P\u2776\u2777\u2778\u2779\u277a\u277b\u277c\u277d"],
    ["a negative squared P", "\u{1f17f}12345678"],
    ["a modifier letter inside", "P1234\u02b05678"],
  ])("%s: the same number", (_what, disguised) => {
    expect(documentNumberKey(disguised)).toBe(plain);
  });

  describe("every decimal digit of every script (Unicode Nd) folds to its value", () => {
    const digits = allDecimalDigits();
    const zeros = digits.filter((d) => decimalDigitValue(d) === 0);

    it("finds every script's digits in runs of ten, 0 to 9", () => {
      // Unicode 17 has 76 scripts' worth of runs besides ASCII; the runtime may know more, never fewer.
      expect(zeros.length).toBeGreaterThanOrEqual(70);
      expect(digits.length).toBe(zeros.length * 10);
      for (const zero of zeros) {
        const code = zero.codePointAt(0) ?? 0;
        for (let v = 0; v < 10; v++) expect(decimalDigitValue(String.fromCodePoint(code + v))).toBe(v);
      }
    });

    it("agrees with the digit's Unicode name wherever the name says its value", () => {
      const names = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"];
      let named = 0;
      for (const digit of digits) {
        const said = /\bDIGIT (ZERO|ONE|TWO|THREE|FOUR|FIVE|SIX|SEVEN|EIGHT|NINE)$/.exec(
          unicodeName(digit) ?? "",
        );
        if (!said?.[1]) continue;
        named++;
        expect(decimalDigitValue(digit), unicodeName(digit)).toBe(names.indexOf(said[1]));
      }
      expect(named).toBeGreaterThan(digits.length * 0.9);
    });

    it("P12345678 in any script's digits is P12345678, and P12345679 is not", () => {
      for (const zero of zeros) {
        const code = zero.codePointAt(0) ?? 0;
        const write = (ascii: string) =>
          [...ascii].map((c) => (/[0-9]/.test(c) ? String.fromCodePoint(code + Number(c)) : c)).join("");
        expect(documentNumberKey(write("P12345678")), unicodeName(zero)).toBe(plain);
        expect(documentNumberKey(write("P12345679")), unicodeName(zero)).toBe(documentNumberKey("P12345679"));
        expect(documentNumberKey(write("P02345678")), unicodeName(zero)).not.toBe(plain);
      }
    });
  });
});
