import type { HeldCreditList } from "~/core/api/partners";
import type { Database } from "../db/client";

/**
 * The console's held partner credits (docs/product.md, "Earning partners"): credits past a partner's daily cap per
 * player, held rather than paid, each with its reason — newest first, a page at a time by key (the partial index
 * partner_credits_held_idx).
 */
export async function heldCredits(
  db: Database,
  page: { after?: number | undefined; limit: number },
): Promise<HeldCreditList> {
  let q = db
    .selectFrom("partner_credits as c")
    .innerJoin("partners as p", "p.id", "c.partner_id")
    .leftJoin("user as u", "u.id", "c.user_id")
    .select([
      "c.id",
      "p.name",
      "c.transaction_id",
      "c.user_id",
      "u.email",
      "c.coins",
      "c.held_reason",
      "c.created_at",
    ])
    .where("c.state", "=", "held")
    .orderBy("c.id", "desc")
    .limit(page.limit + 1);
  if (page.after !== undefined) q = q.where("c.id", "<", String(page.after));
  const rows = await q.execute();
  const shown = rows.slice(0, page.limit);
  return {
    credits: shown.map((r) => ({
      id: Number(r.id),
      partner: r.name,
      transactionId: r.transaction_id,
      userId: r.user_id,
      email: r.email,
      coins: r.coins,
      reason: r.held_reason ?? "",
      createdAt: r.created_at.toISOString(),
    })),
    nextCursor: rows.length > page.limit ? Number(shown[shown.length - 1]?.id) : null,
  };
}
