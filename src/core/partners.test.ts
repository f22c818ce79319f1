import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ayetSignedText, partnerCoins, pendingLine, readPostback, schemes, toMicros } from "./partners";

/** The signature schemes, each checked against an example computed from its partner's documented scheme. */
const hex = (d: ReturnType<(typeof schemes)["default"]["digest"]>) =>
  d.kind === "hmac-sha256"
    ? createHmac("sha256", d.key).update(d.text).digest("hex")
    : createHash(d.kind).update(d.text).digest("hex");

describe("signature schemes", () => {
  it("default: HMAC-SHA256(secret, '{transaction_id}:{user_id}:{reward}:{status}'), lowercase hex", () => {
    const all = new Map([
      ["user_id", "p1"],
      ["transaction_id", "trx-9"],
      ["reward", "420"],
      ["payout", "2.10"],
      ["status", "1"],
    ]);
    const d = schemes.default.digest(all, "s3cret");
    expect(d).toEqual({ kind: "hmac-sha256", key: "s3cret", text: "trx-9:p1:420:1" });
    expect(hex(d)).toBe(createHmac("sha256", "s3cret").update("trx-9:p1:420:1").digest("hex"));
    expect(hex(d)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ayeT-Studios: the documented example's ordered parameter string, HMAC-SHA256 with the API key", () => {
    // The callback of ayeT's "HMAC Security Hash" page, its parameters in the order they arrive.
    const all = new Map([
      ["transaction_id", "8ee08f32ae611231b0a49d1bd66e9bf193132561"],
      ["amount", "0.10"],
      ["payout", "1.50"],
      ["user_id", "testuser123456"],
      ["click_id", "1234abcd5678021"],
    ]);
    const documented =
      "amount=0.10&click_id=1234abcd5678021&payout=1.50&transaction_id=8ee08f32ae611231b0a49d1bd66e9bf193132561&user_id=testuser123456";
    expect(ayetSignedText(all)).toBe(documented);
    const key = "9f2228fea0d8e7ce10b2ac36053db14c";
    expect(hex(schemes.ayet.digest(all, key))).toBe(
      createHmac("sha256", key).update(documented).digest("hex"),
    );
    expect(schemes.ayet.signatureIn).toEqual({ header: "x-ayetstudios-security-hash" });
  });

  it("ayeT-Studios: values encoded as PHP's http_build_query does (spaces as +, ~ encoded)", () => {
    const all = new Map([
      ["b", "a b~c"],
      ["a", "x/y"],
    ]);
    expect(ayetSignedText(all)).toBe("a=x%2Fy&b=a+b%7Ec");
  });

  it("Wannads: MD5 of subId, transId, reward and the secret, concatenated", () => {
    const all = new Map([
      ["subId", "p77"],
      ["transId", "W123"],
      ["reward", "500"],
      ["payout", "0.50"],
      ["status", "1"],
    ]);
    expect(hex(schemes.wannads.digest(all, "key"))).toBe(
      createHash("md5").update("p77W123500key").digest("hex"),
    );
  });
});

describe("readPostback", () => {
  const base = { user_id: "p1", transaction_id: "t1", reward: "420", payout: "2.10", status: "1" };
  const read = (over: Record<string, string> = {}) =>
    readPostback("default", new Map(Object.entries({ ...base, ...over })));

  it("reads a credit, its payout in millionths of a dollar", () => {
    expect(read()).toEqual({
      postback: {
        partnerUserId: "p1",
        transactionId: "t1",
        reward: 420,
        payoutMicros: 2_100_000,
        reversal: false,
      },
    });
  });

  it("status 2, or a transaction id beginning r-, is a reversal of the same transaction", () => {
    expect(read({ status: "2" })).toMatchObject({ postback: { transactionId: "t1", reversal: true } });
    expect(read({ transaction_id: "r-t1" })).toMatchObject({
      postback: { transactionId: "t1", reversal: true },
    });
    expect(read({ status: "2", reward: "-420" })).toMatchObject({ postback: { reward: 420 } });
  });

  it("ayeT's is_chargeback=1 is a reversal; Wannads' status 2 too", () => {
    const ayet = new Map([
      ["external_identifier", "p1"],
      ["transaction_id", "r-abc"],
      ["currency_amount", "360"],
      ["payout_usd", "0.36"],
      ["is_chargeback", "1"],
    ]);
    expect(readPostback("ayet", ayet)).toMatchObject({ postback: { transactionId: "abc", reversal: true } });
    const wannads = new Map([
      ["subId", "p1"],
      ["transId", "w1"],
      ["reward", "10"],
      ["payout", "0.01"],
      ["status", "2"],
    ]);
    expect(readPostback("wannads", wannads)).toMatchObject({ postback: { reversal: true } });
  });

  it.each([
    [{ user_id: "" }],
    [{ transaction_id: "" }],
    [{ transaction_id: "r-" }],
    [{ reward: "1.5" }],
    [{ reward: "abc" }],
    [{ reward: "100001" }],
    [{ payout: "1e3" }],
    [{ status: "3" }],
    [{ user_id: "a b" }],
  ])("refuses %o as malformed", (over) => {
    expect(read(over)).toHaveProperty("malformed");
  });
});

describe("partnerCoins", () => {
  const pb = {
    partnerUserId: "p",
    transactionId: "t",
    reward: 420,
    payoutMicros: 1_505_000,
    reversal: false,
  };
  it("pays the partner's reward, or the payout times coins per dollar rounded down", () => {
    expect(partnerCoins(pb, null)).toBe(420);
    expect(partnerCoins(pb, 1000)).toBe(1505);
    expect(partnerCoins(pb, 333)).toBe(501);
  });
  it("reads decimals exactly", () => {
    expect(toMicros("0.000001")).toBe(1);
    expect(toMicros("12")).toBe(12_000_000);
    expect(toMicros("-1")).toBeNull();
  });
});

describe("pendingLine", () => {
  it("says how many coins become available on which day (UTC)", () => {
    expect(pendingLine(420, "2026-12-12T00:00:00.000Z")).toBe("+420 coins available on 12 Dec");
    expect(pendingLine(5, "2027-01-01T23:59:00.000Z")).toBe("+5 coins available on 1 Jan");
  });
});
