import { describe, expect, it } from "vitest";
import { documentNumberKey } from "./document-number";

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
});
