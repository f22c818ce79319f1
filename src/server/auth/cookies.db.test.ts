import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchVideoToEnd } from "#tests/support/earning";
import {
  type ApiClient,
  cookieFrom,
  followConfirmation,
  signUp,
  uniqueEmail,
} from "#tests/support/factories";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { COOKIES, listedCookieName } from "~/core/cookies";

/**
 * docs/product.md "Terms and Privacy": the Privacy page lists every cookie the server sets. A journey — sign up,
 * confirm, sign in (remembered and not), earn, look around, sign out, delete — records every Set-Cookie name.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** `client`, recording the name of every cookie its answers set. */
function recording(client: ApiClient, names: Set<string>): ApiClient {
  return {
    ...client,
    async request(path, options) {
      const res = await client.request(path, options);
      for (const header of res.headers.getSetCookie())
        names.add(listedCookieName(header.split("=")[0]!.trim()));
      return res;
    },
  };
}

describe("cookies", () => {
  it("the journey sets exactly the cookies the Privacy page lists (its test: privacy-text.test.ts)", async () => {
    const seen = new Set<string>();
    const client = recording(ctx.client, seen);
    const email = uniqueEmail("cookies");
    const password = "a-cookie-journey-passphrase";
    const made = await signUp(client, email, password);
    expect(made.status).toBe(200);
    const device = cookieFrom(made);
    const confirmed = await followConfirmation(client, email, device);
    const signIn = (json: Record<string, unknown>, cookie?: string) =>
      client.request("/api/auth/sign-in/email", {
        json: { email, password, ...json },
        ...(cookie ? { cookie } : {}),
      });
    expect((await signIn({})).status).toBe(200);
    const forgetful = await signIn({ rememberMe: false }, device);
    expect(forgetful.status).toBe(200);
    const cookie = `${device}; ${confirmed.cookie}`;
    const me = await client.request("/api/me", { cookie });
    const { user } = await me.json();
    const watched = await watchVideoToEnd(client, ctx.db, { id: user.id, email, password, cookie });
    expect(watched.status).toBe(200);
    for (const path of [
      "/api/ledger/balance",
      "/api/auth/get-session",
      "/api/account/sessions",
      "/api/wallet",
    ])
      await client.request(path, { cookie });
    expect((await client.request("/api/auth/sign-out", { method: "POST", cookie })).status).toBe(200);
    const again = await signIn({}, device);
    expect(
      (
        await client.request("/api/account/delete", {
          json: { password, confirmation: "DELETE" },
          cookie: `${device}; ${cookieFrom(again)}`,
        })
      ).status,
    ).toBe(200);

    expect([...seen].sort()).toEqual(COOKIES.map((c) => c.name).sort());
  });
});
