import { describe, expect, it } from "vitest";
import { redeemNotices } from "~/core/redeem";
import { formRefusalNotice, redeemSchema } from "./redeem-schema";

const refusal = (amount: number, balance: number, minCoins?: number) => {
  const result = redeemSchema(balance, minCoins).safeParse({ amount, method: "paypal", recipient: "" });
  return result.success ? null : result.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("the redeem form's check on submit", () => {
  it("refuses no amount, an amount over the balance of the moment, and one under the server's minimum", () => {
    expect(refusal(0, 5000, 1000)).toEqual([["amount", "invalid"]]);
    expect(refusal(2000, 1500, 1000)).toEqual([["amount", "insufficient"]]);
    expect(refusal(999, 5000, 1000)).toEqual([["amount", "belowMinimum"]]);
  });

  it("sends a whole amount within the balance; no minimum known yet means none checked", () => {
    expect(refusal(1000, 5000, 1000)).toBeNull();
    expect(refusal(5, 5000)).toBeNull();
  });

  it("sends no recipient for an empty field (the account's address) and a trimmed one otherwise", () => {
    const schema = redeemSchema(5000, 1000);
    expect(schema.parse({ amount: 1000, method: "gift_card", recipient: "  " })).toEqual({
      amount: 1000,
      method: "gift_card",
      recipient: undefined,
    });
    expect(schema.parse({ amount: 1000, method: "paypal", recipient: " me@pay.test " }).recipient).toBe(
      "me@pay.test",
    );
  });

  it("turns each refusal into the wallet's notice", () => {
    expect(formRefusalNotice("invalid", 1000)).toEqual(redeemNotices.invalid);
    expect(formRefusalNotice("insufficient", 1000)).toEqual(redeemNotices.insufficient);
    expect(formRefusalNotice("belowMinimum", 1000)).toMatchObject({
      description: expect.stringContaining("1000"),
    });
  });
});
