import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTremendous, startFakeTremendous } from "../../../../tests/support/fake-tremendous";
import { processRegistry } from "../../metrics/registry";
import { countedProviderCall } from "../payout.job";
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
const at = (apiUrl: string) =>
  tremendousProvider({ apiKey: fake.apiKey, apiUrl, fundingSourceId: "balance", campaignId: undefined });

async function figures(): Promise<{ attempts: number; failures: Record<string, number> }> {
  const attempts =
    (await processRegistry.getSingleMetric("ple_payout_provider_attempts_total")?.get())?.values ?? [];
  const failures =
    (await processRegistry.getSingleMetric("ple_payout_provider_failures_total")?.get())?.values ?? [];
  return {
    attempts: attempts.find((v) => v.labels.provider === "tremendous")?.value ?? 0,
    failures: Object.fromEntries(
      failures
        .filter((v) => v.labels.provider === "tremendous")
        .map((v) => [String(v.labels.reason), v.value]),
    ),
  };
}

describe("payout provider figures (docs/product.md 'Operating')", () => {
  it("counts every call, and each failure by its reason: unreachable, http_5xx, rejected", async () => {
    const before = await figures();
    const failed = (reason: string, after: Awaited<ReturnType<typeof figures>>) =>
      (after.failures[reason] ?? 0) - (before.failures[reason] ?? 0);

    await expect(
      countedProviderCall(at("http://127.0.0.1:9"), () =>
        at("http://127.0.0.1:9").createPayout(order("ple-redemption-71")),
      ),
    ).rejects.toThrow();
    fake.failNext = { count: 1, status: 503 };
    await expect(
      countedProviderCall(at(fake.url), () => at(fake.url).createPayout(order("ple-redemption-72"))),
    ).rejects.toThrow(/503/);
    fake.failNext = { count: 1, status: 422 };
    expect(
      (await countedProviderCall(at(fake.url), () => at(fake.url).createPayout(order("ple-redemption-73"))))
        .state,
    ).toBe("failed");
    fake.newOrderStatus = "EXECUTED";
    expect(
      (await countedProviderCall(at(fake.url), () => at(fake.url).createPayout(order("ple-redemption-74"))))
        .state,
    ).toBe("paid");

    const after = await figures();
    expect(after.attempts - before.attempts).toBe(4);
    expect(failed("unreachable", after)).toBe(1);
    expect(failed("http_5xx", after)).toBe(1);
    expect(failed("rejected", after)).toBe(1);
    expect(failed("timeout", after)).toBe(0);
  });
});
