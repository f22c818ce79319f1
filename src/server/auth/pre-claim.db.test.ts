import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, followConfirmation, linkIn, uniqueEmail, waitForMail } from "#tests/support/factories";
import { createTestContext, nextIp, type TestContext } from "#tests/support/test-app";

/**
 * Accounts no one can pre-claim (docs/product.md "Confirming an address"): whoever signs up first, a confirmation
 * after a second sign-up (or a request for another confirmation mail) leaves no earlier password working and no
 * session or remembered browser behind; the mailbox's owner chooses the password. ADMIN_EMAILS is granted only
 * at confirmation, and no answer before it says anything about roles.
 */
const LISTED = "listed-owner@example.test";
const ATTACKER_PASSWORD = "attacker-chose-this-1";
const VICTIM_PASSWORD = "victim-chose-this-2";
const CHOSEN_PASSWORD = "owner-chose-at-confirmation-3";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAILS: LISTED });
});
afterAll(async () => {
  await ctx.close();
});

const userOf = (email: string) =>
  ctx.db
    .selectFrom("user")
    .select(["id", "role", "emailVerified"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();

const signInStatus = async (email: string, password: string) =>
  (await ctx.request("/api/auth/sign-in/email", { json: { email, password }, ip: nextIp() })).status;

/** Signs up from a browser of its own; the answer's text (to look for roles) and that browser's cookie. */
async function signUpFrom(email: string, password: string) {
  const res = await ctx.signUp(email, password, { ip: nextIp() });
  expect(res.status).toBe(200);
  return { text: await res.text(), cookie: cookieFrom(res) };
}

/** The owner confirms (from their own browser) and chooses the password on the page the link leads to. */
async function ownerConfirmsAndChooses(email: string, ownerCookie: string) {
  const confirmed = await followConfirmation(ctx.client, email, ownerCookie, nextIp());
  const target = new URL(confirmed.location);
  expect(target.pathname).toBe("/update-password");
  // No browser is signed in by a contested confirmation, and no session of the account is left.
  expect(confirmed.cookie).not.toMatch(/session_token=/);
  const { id } = await userOf(email);
  expect(await ctx.db.selectFrom("session").where("userId", "=", id).select("id").execute()).toEqual([]);
  expect(
    await ctx.db.selectFrom("user_devices").where("user_id", "=", id).select("device_id").execute(),
  ).toEqual([]);
  const token = target.searchParams.get("token");
  const reset = await ctx.request("/api/auth/reset-password", {
    json: { newPassword: CHOSEN_PASSWORD, token },
  });
  expect(reset.status).toBe(200);
}

async function expectOnlyTheChosenPassword(email: string) {
  expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
  expect(await signInStatus(email, VICTIM_PASSWORD)).toBe(401);
  expect(await signInStatus(email, CHOSEN_PASSWORD)).toBe(200);
}

describe("a pre-claimed address", () => {
  it("attacker first, then the owner signs up, asks for the mail and confirms: the attacker's password is refused", async () => {
    const email = uniqueEmail("victim");
    await signUpFrom(email, ATTACKER_PASSWORD);
    const owner = await signUpFrom(email, VICTIM_PASSWORD);
    const resend = await ctx.request("/api/auth/send-verification-email", { json: { email }, ip: nextIp() });
    expect(resend.status).toBe(200);
    await ownerConfirmsAndChooses(email, owner.cookie);
    await expectOnlyTheChosenPassword(email);
  });

  it("owner first, then the attacker signs up before the owner confirms: the attacker's password is refused", async () => {
    const email = uniqueEmail("victim");
    const owner = await signUpFrom(email, VICTIM_PASSWORD);
    await signUpFrom(email, ATTACKER_PASSWORD);
    await ownerConfirmsAndChooses(email, owner.cookie);
    await expectOnlyTheChosenPassword(email);
  });

  it("attacker first, then only a request for the confirmation mail: the confirmation ends the attacker's password", async () => {
    const email = uniqueEmail("victim");
    await signUpFrom(email, ATTACKER_PASSWORD);
    await ctx.request("/api/auth/send-verification-email", { json: { email }, ip: nextIp() });
    await ownerConfirmsAndChooses(email, "");
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
    expect(await signInStatus(email, CHOSEN_PASSWORD)).toBe(200);
  });

  it("an ADMIN_EMAILS address: no role before confirmation, none for the attacker, the owner's after", async () => {
    const first = await signUpFrom(LISTED, ATTACKER_PASSWORD);
    expect(first.text).not.toMatch(/role|admin/i);
    expect((await userOf(LISTED)).role).toBe("user");
    const owner = await signUpFrom(LISTED, VICTIM_PASSWORD);
    expect(owner.text).not.toMatch(/role|admin/i);
    expect((await userOf(LISTED)).role).toBe("user");
    await ownerConfirmsAndChooses(LISTED, owner.cookie);
    expect((await userOf(LISTED)).role).toBe("admin");
    await expectOnlyTheChosenPassword(LISTED);
  });
});

describe("an uncontested sign-up", () => {
  it("keeps its password and signs the confirming browser in, as before", async () => {
    const email = uniqueEmail("single");
    const owner = await signUpFrom(email, VICTIM_PASSWORD);
    expect(owner.text).not.toMatch(/"role"/);
    const confirmed = await followConfirmation(ctx.client, email, owner.cookie, nextIp());
    expect(confirmed.location).toBe(`${ctx.env.appUrl}/auth?verified=1`);
    expect(confirmed.cookie).toMatch(/session_token=/);
    expect(await signInStatus(email, VICTIM_PASSWORD)).toBe(200);
  });
});

describe("one confirmation link opened in many browsers at once", () => {
  it("signs in at most one of 15", async () => {
    const email = uniqueEmail("many");
    await signUpFrom(email, VICTIM_PASSWORD);
    const link = linkIn(await waitForMail(ctx.client, email, /confirm/i), "/api/auth/verify-email");
    const opens = await Promise.all(
      Array.from({ length: 15 }, () => ctx.request(link.pathname + link.search, { ip: nextIp() })),
    );
    for (const res of opens) expect(res.status).toBe(302);
    const signedIn = opens.filter((res) => /session_token=/.test(cookieFrom(res)));
    expect(signedIn.length).toBeLessThanOrEqual(1);
    const { id, emailVerified } = await userOf(email);
    expect(emailVerified).toBe(true);
    const sessions = await ctx.db.selectFrom("session").where("userId", "=", id).select("id").execute();
    expect(sessions.length).toBeLessThanOrEqual(1);
    for (const res of opens) expect(res.headers.get("location")).toBe(`${ctx.env.appUrl}/auth?verified=1`);
  });
});
