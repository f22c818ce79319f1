import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";
import { createRouter } from "./router";

function appFor(trustProxy: boolean) {
  return createRouter().get("/", (c) => c.text(clientIp(c, trustProxy)));
}

const from = (remoteAddress?: string) => ({ incoming: { socket: { remoteAddress } } });
const xff = (value: string) => ({ headers: { "x-forwarded-for": value } });

describe("clientIp", () => {
  it("is the socket address, ignoring X-Forwarded-For by default", async () => {
    const app = appFor(false);
    expect(await (await app.request("/", xff("1.2.3.4"), from("10.0.0.7"))).text()).toBe("10.0.0.7");
    expect(await (await app.request("/", {}, from("::ffff:10.0.0.8"))).text()).toBe("10.0.0.8");
    expect(await (await app.request("/", {}, from("2001:db8::1"))).text()).toBe("2001:db8::1");
    expect(await (await app.request("/")).text()).toBe("unknown");
  });

  it("with TRUST_PROXY is the last X-Forwarded-For entry (the one our proxy appended)", async () => {
    const app = appFor(true);
    const res = await app.request("/", xff("6.6.6.6, 203.0.113.5"), from("10.0.0.1"));
    expect(await res.text()).toBe("203.0.113.5");
    expect(await (await app.request("/", xff(" , "), from("10.0.0.1"))).text()).toBe("10.0.0.1");
    expect(await (await app.request("/", {}, from("10.0.0.1"))).text()).toBe("10.0.0.1");
  });
});
