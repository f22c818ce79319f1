import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTremendous, startFakeTremendous } from "../../../../tests/support/fake-tremendous";
import { payoutExternalId } from "./payout-provider";
import { tremendousProvider } from "./tremendous";

let fake: FakeTremendous;
beforeAll(async () => {
  fake = await startFakeTremendous();
});
afterAll(async () => {
  await fake.close();
});

const order = (externalId: string) => ({
  externalId,
  cents: 500,
  method: "paypal" as const,
  recipient: "a@b.test",
});
const provider = () =>
  tremendousProvider({
    apiKey: fake.apiKey,
    apiUrl: fake.url,
    fundingSourceId: "balance",
    campaignId: "CAMP1",
  });

describe("tremendous payout provider", () => {
  it("creates an order once per external id and reads it back", async () => {
    const first = await provider().createPayout(order("ple-redemption-1"));
    expect(first).toEqual({ state: "paid", reference: expect.any(String) });
    const again = await provider().createPayout(order("ple-redemption-1"));
    expect(again).toEqual(first);
    expect(fake.orders.size).toBe(1);
    expect(fake.orders.get("ple-redemption-1")).toMatchObject({ denomination: 5, email: "a@b.test" });
    if (first.state !== "paid") throw new Error("unreachable");
    expect(await provider().payoutStatus(first.reference)).toEqual(first);
  });

  it("never takes a status read that is not answered with the order (404, other 4xx) as paid or failed", async () => {
    await expect(provider().payoutStatus("ORDER-UNKNOWN")).rejects.toThrow(/answered 404.*unknown/);
    const created = await provider().createPayout(order("ple-redemption-404"));
    fake.failNextStatus = { count: 1, status: 422 };
    await expect(provider().payoutStatus(created.reference ?? "")).rejects.toThrow(/answered 422/);
    expect(await provider().payoutStatus(created.reference ?? "")).toEqual(created);
  });

  it("maps processing, cancelled and refused orders; throws on outages and a wrong key", async () => {
    fake.newOrderStatus = "PENDING APPROVAL";
    expect((await provider().createPayout(order("ple-redemption-2"))).state).toBe("pending");
    fake.newOrderStatus = "CANCELED";
    expect(await provider().createPayout(order("ple-redemption-3"))).toMatchObject({
      state: "failed",
      reason: "Tremendous order canceled",
    });
    fake.newOrderStatus = "EXECUTED";
    fake.failNext = { count: 1, status: 422 };
    expect(await provider().createPayout(order("ple-redemption-4"))).toEqual({
      state: "failed",
      reference: null,
      reason: "Tremendous refused the order: Simulated failure",
    });
    fake.failNext = { count: 1, status: 502 };
    await expect(provider().createPayout(order("ple-redemption-5"))).rejects.toThrow(/answered 502/);
    const wrongKey = tremendousProvider({
      apiKey: "nope",
      apiUrl: fake.url,
      fundingSourceId: "b",
      campaignId: undefined,
    });
    await expect(wrongKey.createPayout(order("ple-redemption-6"))).rejects.toThrow(/answered 401/);
    const unreachable = tremendousProvider({
      apiKey: fake.apiKey,
      apiUrl: "http://127.0.0.1:9",
      fundingSourceId: "b",
      campaignId: undefined,
    });
    await expect(unreachable.createPayout(order("ple-redemption-7"))).rejects.toThrow();
  });

  it("names the first payout by the redemption id and each retry apart", () => {
    expect(payoutExternalId(42, 1)).toBe("ple-redemption-42");
    expect(payoutExternalId(42, 2)).toBe("ple-redemption-42-retry-1");
    expect(payoutExternalId(42, 3)).toBe("ple-redemption-42-retry-2");
  });
});
