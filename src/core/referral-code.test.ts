import { describe, expect, it } from "vitest";
import {
  generateReferralCode,
  isReferralCodeFormat,
  normalizeReferralCode,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
} from "./referral-code";

describe("referral code alphabet", () => {
  it("has no look-alike characters and is uppercase", () => {
    for (const c of "0O1IL") expect(REFERRAL_CODE_ALPHABET).not.toContain(c);
    expect(REFERRAL_CODE_ALPHABET).toBe(REFERRAL_CODE_ALPHABET.toUpperCase());
    expect(new Set(REFERRAL_CODE_ALPHABET).size).toBe(REFERRAL_CODE_ALPHABET.length);
  });
});

describe("generateReferralCode", () => {
  it("makes 8-character codes from the alphabet", () => {
    for (let i = 0; i < 500; i++) {
      const code = generateReferralCode();
      expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
      expect(isReferralCodeFormat(code)).toBe(true);
    }
  });

  it("rarely repeats", () => {
    const codes = new Set(Array.from({ length: 2000 }, () => generateReferralCode()));
    expect(codes.size).toBe(2000);
  });

  it("skips bytes that would bias the distribution", () => {
    // 248..255 are rejected (256 - 256 % 31 = 248); 0 maps to the first character, 31 wraps to it too.
    let call = 0;
    const random = (bytes: Uint8Array) => {
      call++;
      bytes.fill(call === 1 ? 250 : 31);
      return bytes;
    };
    expect(generateReferralCode(random)).toBe("22222222");
    expect(call).toBe(2);
  });

  it("maps each byte onto the alphabet by its remainder", () => {
    const random = (bytes: Uint8Array) => {
      bytes.forEach((_, i) => {
        bytes[i] = i + 30;
      });
      return bytes;
    };
    expect(generateReferralCode(random)).toBe("Z2345678");
  });
});

describe("normalizeReferralCode", () => {
  it("treats nothing and blanks as no code", () => {
    expect(normalizeReferralCode(null)).toBeNull();
    expect(normalizeReferralCode(undefined)).toBeNull();
    expect(normalizeReferralCode("")).toBeNull();
    expect(normalizeReferralCode("   \t")).toBeNull();
  });

  it("trims, drops inner spaces and uppercases", () => {
    expect(normalizeReferralCode("  abcd efgh ")).toBe("ABCDEFGH");
    expect(normalizeReferralCode("AbCd2345")).toBe("ABCD2345");
  });
});

describe("isReferralCodeFormat", () => {
  it("accepts only 8 characters of the alphabet", () => {
    expect(isReferralCodeFormat("ABCD2345")).toBe(true);
    expect(isReferralCodeFormat("ABCD234")).toBe(false);
    expect(isReferralCodeFormat("ABCD23456")).toBe(false);
    expect(isReferralCodeFormat("ABCD2340")).toBe(false);
    expect(isReferralCodeFormat("abcd2345")).toBe(false);
    expect(isReferralCodeFormat("ABCD-345")).toBe(false);
  });
});
