import { z } from "zod";
import { formatDollars } from "~/core/coins";
import { checkRedemption, redeemNotices } from "~/core/redeem";
import { payoutMethods, redemptionNotices } from "~/core/redemptions";

/** Why the redeem form refuses to send: `checkRedemption`'s reasons, or under the server's minimum. */
export type Refusal = "invalid" | "insufficient" | "belowMinimum";

/**
 * The redeem form's check on submit (src/core/redeem.ts): the amount against the balance of that moment, then the
 * minimum the server named. The issue's message is the refusal, which `formRefusalNotice` turns into its notice.
 * An empty recipient means the account's address.
 */
export function redeemSchema(balance: number, minCoins: number | undefined) {
  return z
    .object({
      amount: z.number(),
      method: z.enum(payoutMethods),
      recipient: z
        .string()
        .trim()
        .transform((to) => to || undefined),
    })
    .superRefine(({ amount }, ctx) => {
      const check = checkRedemption(amount, balance);
      const refusal: Refusal | null = !check.ok
        ? check.reason
        : minCoins !== undefined && check.amount < minCoins
          ? "belowMinimum"
          : null;
      if (refusal) ctx.addIssue({ code: "custom", path: ["amount"], message: refusal });
    });
}

/** The notice of a refusal of `redeemSchema` (docs/product.md, "Redemptions"). */
export function formRefusalNotice(refusal: Refusal, minCoins: number | undefined) {
  return refusal === "belowMinimum" && minCoins !== undefined
    ? redemptionNotices.belowMinimum(minCoins, formatDollars(minCoins))
    : redeemNotices[refusal === "insufficient" ? "insufficient" : "invalid"];
}
