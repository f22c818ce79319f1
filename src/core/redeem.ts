import { formatDollars } from "./coins";

/**
 * The redeem dialog's rules: what the coin field holds after each keystroke, its dollar value and the check on
 * submit. Pure, so the browser and the tests share them. The request itself, its minimum and limits are in
 * redemptions.ts and on the server (docs/product.md, "Redemptions").
 */

/** A decimal number as a person (or a type="number" field) writes it: "12", "12.7", ".5", "1e3", "-4". */
const decimalPattern = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A balance as the dialog uses it: a whole number of coins, never negative. */
function wholeBalance(balance: number): number {
  return Number.isFinite(balance) ? Math.max(0, Math.trunc(balance)) : 0;
}

/**
 * The coin field's text as a whole number of coins: surrounding spaces ignored, fractions cut off
 * ("12.7" → 12); not a number (including "", "abc", "12abc") or negative → 0; above `balance` → `balance`.
 */
export function parseRedeemAmount(input: string, balance: number): number {
  const text = input.trim();
  const value = decimalPattern.test(text) ? Math.trunc(Number(text)) : Number.NaN;
  if (Number.isNaN(value) || value <= 0) return 0; // also -0, from "-0.5"
  return Math.min(value, wholeBalance(balance));
}

export type RedeemCheck =
  | { ok: true; amount: number; dollars: string }
  | { ok: false; reason: "invalid" | "insufficient" };

/**
 * The check on 'Submit Redemption Request': amount ≤ 0 → invalid; above the balance now → insufficient
 * (the field was capped to the balance when it was typed, so this is reached only when the balance went
 * down since, e.g. another account signed in while the dialog was open); otherwise the request is fine.
 */
export function checkRedemption(amount: number, balance: number): RedeemCheck {
  if (!Number.isFinite(amount) || amount <= 0) return { ok: false, reason: "invalid" };
  if (amount > wholeBalance(balance)) return { ok: false, reason: "insufficient" };
  return { ok: true, amount, dollars: formatDollars(amount) };
}

/** The notices for each refusal of `checkRedemption` (the success notice is in redemptions.ts). */
export const redeemNotices = {
  invalid: { title: "Invalid Amount", description: "Please enter a valid amount of coins to redeem." },
  insufficient: {
    title: "Insufficient Balance",
    description: "You don't have enough coins to redeem this amount.",
  },
} as const;
