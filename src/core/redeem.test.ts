import { describe, expect, it } from "vitest";
import { formatDollars } from "./coins";
import { checkRedemption, parseRedeemAmount, redeemNotices } from "./redeem";

describe("parseRedeemAmount", () => {
  const balance = 500;

  it("keeps a whole number within the balance", () => {
    expect(parseRedeemAmount("0", balance)).toBe(0);
    expect(parseRedeemAmount("1", balance)).toBe(1);
    expect(parseRedeemAmount("250", balance)).toBe(250);
    expect(parseRedeemAmount("500", balance)).toBe(500);
    expect(parseRedeemAmount("+7", balance)).toBe(7);
    expect(parseRedeemAmount("007", balance)).toBe(7);
  });

  it("turns anything that is not a number into 0", () => {
    for (const input of [
      "abc",
      "12abc",
      "abc12",
      "1,000",
      "$5",
      "NaN",
      "Infinity",
      "--1",
      "1.2.3",
      "e5",
      ".",
    ])
      expect(parseRedeemAmount(input, balance), input).toBe(0);
  });

  it("turns an empty or blank field into 0", () => {
    expect(parseRedeemAmount("", balance)).toBe(0);
    expect(parseRedeemAmount("   ", balance)).toBe(0);
  });

  it("turns negative numbers into 0", () => {
    expect(parseRedeemAmount("-1", balance)).toBe(0);
    expect(parseRedeemAmount("-500", balance)).toBe(0);
    expect(parseRedeemAmount("-0.5", balance)).toBe(0);
    expect(parseRedeemAmount("-1e3", balance)).toBe(0);
  });

  it("cuts fractions off (a whole number of coins)", () => {
    expect(parseRedeemAmount("12.7", balance)).toBe(12);
    expect(parseRedeemAmount("12.", balance)).toBe(12);
    expect(parseRedeemAmount("0.9", balance)).toBe(0);
    expect(parseRedeemAmount(".5", balance)).toBe(0);
    expect(parseRedeemAmount("499.999", balance)).toBe(499);
  });

  it("reads exponent notation as a number field does", () => {
    expect(parseRedeemAmount("1e2", balance)).toBe(100);
    expect(parseRedeemAmount("2.5E1", balance)).toBe(25);
  });

  it("caps an amount above the balance to the balance", () => {
    expect(parseRedeemAmount("501", balance)).toBe(500);
    expect(parseRedeemAmount("100000", balance)).toBe(500);
    expect(parseRedeemAmount("600.5", balance)).toBe(500);
    expect(parseRedeemAmount("30", 0)).toBe(0);
  });

  it("caps huge numbers too", () => {
    expect(parseRedeemAmount("99999999999999999999999", balance)).toBe(500);
    expect(parseRedeemAmount("1e400", balance)).toBe(500);
    expect(parseRedeemAmount(String(Number.MAX_SAFE_INTEGER), balance)).toBe(500);
  });

  it("ignores leading and trailing spaces", () => {
    expect(parseRedeemAmount(" 42", balance)).toBe(42);
    expect(parseRedeemAmount("42 ", balance)).toBe(42);
    expect(parseRedeemAmount("\t 42.9 \n", balance)).toBe(42);
    expect(parseRedeemAmount(" 4 2 ", balance)).toBe(0);
  });

  it("treats an odd balance as a whole, non-negative number", () => {
    expect(parseRedeemAmount("100", 30.8)).toBe(30);
    expect(parseRedeemAmount("100", -5)).toBe(0);
    expect(parseRedeemAmount("100", Number.NaN)).toBe(0);
  });
});

describe("the dollar preview (formatDollars)", () => {
  it("is amount × 0.005 to 2 decimals", () => {
    expect(formatDollars(0)).toBe("0.00");
    expect(formatDollars(30)).toBe("0.15");
    expect(formatDollars(200)).toBe("1.00");
    expect(formatDollars(1000)).toBe("5.00");
    expect(formatDollars(12_345)).toBe("61.73");
    expect(formatDollars(1_000_000)).toBe("5000.00");
  });

  it("rounds a half cent up", () => {
    expect(formatDollars(1)).toBe("0.01");
    expect(formatDollars(3)).toBe("0.02");
    expect(formatDollars(999)).toBe("5.00");
  });
});

describe("checkRedemption", () => {
  it("refuses 0 and below as an invalid amount", () => {
    expect(checkRedemption(0, 100)).toEqual({ ok: false, reason: "invalid" });
    expect(checkRedemption(-3, 100)).toEqual({ ok: false, reason: "invalid" });
    expect(checkRedemption(Number.NaN, 100)).toEqual({ ok: false, reason: "invalid" });
    expect(checkRedemption(0, 0)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses more than the balance", () => {
    expect(checkRedemption(101, 100)).toEqual({ ok: false, reason: "insufficient" });
    expect(checkRedemption(30, 10)).toEqual({ ok: false, reason: "insufficient" });
    expect(checkRedemption(1, 0)).toEqual({ ok: false, reason: "insufficient" });
  });

  it("accepts 1 up to the whole balance with its dollar value", () => {
    expect(checkRedemption(1, 100)).toEqual({ ok: true, amount: 1, dollars: "0.01" });
    expect(checkRedemption(100, 100)).toEqual({ ok: true, amount: 100, dollars: "0.50" });
  });

  it("has the refusal notices' texts", () => {
    expect(redeemNotices.invalid).toEqual({
      title: "Invalid Amount",
      description: "Please enter a valid amount of coins to redeem.",
    });
    expect(redeemNotices.insufficient).toEqual({
      title: "Insufficient Balance",
      description: "You don't have enough coins to redeem this amount.",
    });
    expect(Object.keys(redeemNotices)).toEqual(["invalid", "insufficient"]);
  });
});
