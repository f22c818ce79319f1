import { sql } from "kysely";
import type { OffersView } from "~/core/api/partners";
import type { Database } from "../db/client";
import { partnerUserIdOf } from "./partners.service";

/** How many of the player's latest partner credits the offers page lists. */
const RECENT_CREDITS = 20;

/** A wall's link for the player: its `{user_id}` filled in, or `user_id` added to its query. */
export function wallLink(template: string | null, partnerUserId: string): string | null {
  if (!template) return null;
  if (template.includes("{user_id}"))
    return template.replaceAll("{user_id}", encodeURIComponent(partnerUserId));
  const url = new URL(template);
  url.searchParams.set("user_id", partnerUserId);
  return url.toString();
}

/**
 * The signed-in player's offers (docs/product.md, "Earning partners"): their partner id, the enabled partners'
 * walls, their pending partner coins per release day, and their latest credits with their states.
 */
export async function getOffers(db: Database, userId: string): Promise<OffersView> {
  const partnerUserId = await partnerUserIdOf(db, userId);
  const [walls, pending, credits, profile] = await Promise.all([
    db
      .selectFrom("partners")
      .select(["name", "slug", "hold_days", "wall_url"])
      .where("enabled", "=", true)
      .orderBy("name")
      .execute(),
    db
      .selectFrom("partner_credits")
      .select([
        sql<Date>`date_trunc('day', release_at at time zone 'UTC') at time zone 'UTC'`.as("day"),
        sql<string>`sum(coins)`.as("coins"),
      ])
      .where("user_id", "=", userId)
      .where("state", "=", "pending")
      .groupBy("day")
      .orderBy("day")
      .execute(),
    db
      .selectFrom("partner_credits as c")
      .innerJoin("partners as p", "p.id", "c.partner_id")
      .select(["p.name", "c.coins", "c.state", "c.release_at", "c.created_at"])
      .where("c.user_id", "=", userId)
      .orderBy("c.id", "desc")
      .limit(RECENT_CREDITS)
      .execute(),
    db.selectFrom("user_profiles").select("debt_coins").where("id", "=", userId).executeTakeFirst(),
  ]);
  return {
    partnerUserId,
    walls: walls.map((w) => ({
      name: w.name,
      slug: w.slug,
      holdDays: w.hold_days,
      url: wallLink(w.wall_url, partnerUserId),
    })),
    debtCoins: profile?.debt_coins ?? 0,
    pending: pending.map((p) => ({ coins: Number(p.coins), availableOn: new Date(p.day).toISOString() })),
    credits: credits.map((c) => ({
      partner: c.name,
      coins: c.coins,
      state: c.state,
      availableOn: c.release_at.toISOString(),
      createdAt: c.created_at.toISOString(),
    })),
  };
}
