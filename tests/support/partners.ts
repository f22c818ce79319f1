import { createHmac } from "node:crypto";
import { expect } from "vitest";
import { partnerUserIdOf } from "~/server/partners/partners.service";
import type { TestUser } from "./factories";
import type { TestContext } from "./test-app";

/**
 * Earning partners in tests (docs/product.md, "Earning partners"): a partner created by one administrator and
 * enabled by a second, through the console's API, and postbacks signed as the default scheme signs them.
 */
export interface TestPartner {
  id: number;
  slug: string;
  secret: string;
}

export async function createEnabledPartner(
  ctx: TestContext,
  admins: [TestUser, TestUser],
  input: Record<string, unknown> = {},
): Promise<TestPartner> {
  const [a, b] = admins;
  const res = await ctx.request("/api/admin/partners", {
    cookie: a.cookie,
    method: "POST",
    json: { name: `Wall ${Math.random().toString(36).slice(2, 8)}`, ...input },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const made = (await res.json()) as TestPartner;
  const approved = await ctx.request(`/api/admin/partners/${made.id}/approve`, {
    cookie: b.cookie,
    method: "POST",
    json: {},
  });
  expect(approved.status, await approved.clone().text()).toBe(200);
  return made;
}

/** The default scheme's signature: lowercase hex HMAC-SHA256(secret, `{transaction_id}:{user_id}:{reward}:{status}`). */
export const defaultSignature = (secret: string, p: Record<string, string>) =>
  createHmac("sha256", secret)
    .update(`${p.transaction_id}:${p.user_id}:${p.reward}:${p.status}`)
    .digest("hex");

/** A signed default-scheme postback's query string (`signature` overrides the computed one). */
export function signedQuery(
  secret: string,
  p: { user_id: string; transaction_id: string; reward: string; payout?: string; status?: string },
  signature?: string,
): string {
  const all = { payout: "0", status: "1", ...p };
  return new URLSearchParams({ ...all, signature: signature ?? defaultSignature(secret, all) }).toString();
}

/** The player's partner id, made on first use (as the offers page shows it). */
export const playerPartnerId = (ctx: TestContext, userId: string) => partnerUserIdOf(ctx.db, userId);
