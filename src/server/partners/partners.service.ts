import { randomBytes } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import type { CreatePartnerInput, Partner } from "~/core/api/partners";
import { SECRET_GRACE_HOURS } from "~/core/partners";
import type { AppDeps } from "../app-deps";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { Database } from "../db/client";
import type { DB } from "../db/schema";
import type { PartnerTable } from "../db/schema-partners";
import { AppError } from "../errors";
import { newPartnerSecret, sealSecret } from "./partner-secrets";

/**
 * Earning partners in the console (docs/product.md, "Earning partners"; docs/decisions/091). A partner is
 * created disabled, its secret shown once; enabling it, and a new secret, are proposals a different
 * administrator approves (four eyes: a partner's postbacks mint coins). Disabling is immediate. Every change
 * writes its audit row in its transaction.
 */
type Deps = Pick<AppDeps, "db" | "env">;
type Row = Pick<
  Selectable<PartnerTable>,
  | "slug"
  | "name"
  | "scheme"
  | "coins_per_dollar"
  | "hold_days"
  | "allowed_sources"
  | "daily_cap_coins"
  | "wall_url"
  | "enabled"
  | "proposed_change"
  | "proposed_by"
  | "previous_secret_until"
  | "created_at"
> & { id: string };

const COLUMNS = [
  "id",
  "slug",
  "name",
  "scheme",
  "coins_per_dollar",
  "hold_days",
  "allowed_sources",
  "daily_cap_coins",
  "wall_url",
  "enabled",
  "proposed_change",
  "proposed_by",
  "previous_secret_until",
  "created_at",
] as const;

export const postbackUrlOf = (env: Deps["env"], slug: string) => `${env.appUrl}/api/postbacks/${slug}`;

function toPartner(env: Deps["env"], r: Row): Partner {
  const grace =
    r.previous_secret_until && r.previous_secret_until > new Date() ? r.previous_secret_until : null;
  return {
    id: Number(r.id),
    name: r.name,
    slug: r.slug,
    scheme: r.scheme,
    postbackUrl: postbackUrlOf(env, r.slug),
    coinsPerDollar: r.coins_per_dollar,
    holdDays: r.hold_days,
    allowedSources: r.allowed_sources,
    dailyCapCoins: r.daily_cap_coins,
    wallUrl: r.wall_url,
    enabled: r.enabled,
    proposed: r.proposed_change ? { change: r.proposed_change, by: r.proposed_by } : null,
    previousSecretUntil: grace ? grace.toISOString() : null,
    createdAt: r.created_at.toISOString(),
  };
}

export async function listPartners(deps: Deps): Promise<Partner[]> {
  const rows = await deps.db.selectFrom("partners").select(COLUMNS).orderBy("id").execute();
  return rows.map((r) => toPartner(deps.env, r));
}

/** `name` as a slug: lowercase letters and digits joined by dashes (at most 40). */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 34)
    .replace(/-+$/, "");
  return slug.length >= 2 ? slug : "partner";
}

function authSecretOf(env: Deps["env"]): string {
  if (!env.authSecret) throw new Error("partner secrets need AUTH_SECRET (or resolveAuthSecret())");
  return env.authSecret;
}

/**
 * Creates a disabled partner with a new secret and proposes enabling it. A slug made from the name gets a
 * short random tail when taken; a slug asked for and taken is a 409.
 */
export async function createPartner(
  deps: Deps,
  actor: Actor,
  input: CreatePartnerInput,
): Promise<{ secret: string; partner: Partner }> {
  const secret = newPartnerSecret();
  const derived = input.slug === undefined;
  const slug = input.slug ?? slugOf(input.name);
  const row = await deps.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom("partners").select("id").where("slug", "=", slug).executeTakeFirst();
    if (taken && !derived) throw new AppError("CONFLICT", "Another partner has this slug.");
    const created = await trx
      .insertInto("partners")
      .values({
        slug: taken ? `${slug}-${randomBytes(2).toString("hex")}` : slug,
        name: input.name.trim(),
        scheme: input.scheme,
        secret_box: sealSecret(authSecretOf(deps.env), secret),
        previous_secret_box: null,
        proposed_secret_box: null,
        coins_per_dollar: input.coinsPerDollar,
        hold_days: input.holdDays,
        allowed_sources: input.allowedSources,
        daily_cap_coins: input.dailyCapCoins,
        wall_url: input.wallUrl,
        proposed_change: "enable",
        proposed_by: actor.adminId,
        created_by: actor.adminId,
      })
      .onConflict((oc) => oc.column("slug").doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!created) throw new AppError("CONFLICT", "Another partner has this slug.");
    const { name, scheme, coins_per_dollar, hold_days, allowed_sources, daily_cap_coins } = created;
    await audit(trx, actor, "partner.create", created.id, null, {
      slug: created.slug,
      name,
      scheme,
      coinsPerDollar: coins_per_dollar,
      holdDays: hold_days,
      allowedSources: allowed_sources,
      dailyCapCoins: daily_cap_coins,
    });
    return created;
  });
  return { secret, partner: toPartner(deps.env, row) };
}

function audit(
  trx: Transaction<DB>,
  actor: Actor,
  action: string,
  id: string,
  before: unknown,
  after: unknown,
) {
  return recordAudit(trx, {
    actorId: actor.adminId,
    action,
    targetType: "partner",
    targetId: String(id),
    before,
    after,
    requestId: actor.requestId,
  });
}

async function lockPartner(trx: Transaction<DB>, id: number) {
  const row = await trx
    .selectFrom("partners")
    .select([...COLUMNS, "secret_box", "proposed_secret_box"])
    .where("id", "=", String(id))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such partner.");
  return row;
}

/** A new secret, shown once now; it replaces the current one when a different administrator approves. */
export async function proposeSecretRotation(
  deps: Deps,
  actor: Actor,
  id: number,
): Promise<{ secret: string; partner: Partner }> {
  const secret = newPartnerSecret();
  const row = await deps.db.transaction().execute(async (trx) => {
    const p = await lockPartner(trx, id);
    if (p.proposed_change === "enable")
      throw new AppError("CONFLICT", "This partner's enabling waits for approval: decide it first.");
    const updated = await trx
      .updateTable("partners")
      .set({
        proposed_secret_box: sealSecret(authSecretOf(deps.env), secret),
        proposed_change: "rotate",
        proposed_by: actor.adminId,
      })
      .where("id", "=", p.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(trx, actor, "partner.rotate.propose", p.id, null, { proposedBy: actor.adminId });
    return updated;
  });
  return { secret, partner: toPartner(deps.env, row) };
}

/**
 * Applies what waits for approval — enabling, or the new secret (the old one verifies for SECRET_GRACE_HOURS
 * more) — when `actor` is not who proposed it (403 SECOND_ADMIN_REQUIRED).
 */
export async function approvePartnerChange(deps: Deps, actor: Actor, id: number): Promise<Partner> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const p = await lockPartner(trx, id);
    if (!p.proposed_change) throw new AppError("PARTNER_NOTHING_PROPOSED");
    if (p.proposed_by === actor.adminId) throw new AppError("SECOND_ADMIN_REQUIRED");
    const change = p.proposed_change;
    const grace = new Date(Date.now() + SECRET_GRACE_HOURS * 3_600_000);
    const updated = await trx
      .updateTable("partners")
      .set(
        change === "enable"
          ? { enabled: true, proposed_change: null, proposed_by: null }
          : {
              secret_box: p.proposed_secret_box ?? p.secret_box,
              previous_secret_box: p.secret_box,
              previous_secret_until: grace,
              proposed_secret_box: null,
              proposed_change: null,
              proposed_by: null,
            },
      )
      .where("id", "=", p.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const after = change === "enable" ? { enabled: true } : { previousSecretUntil: grace.toISOString() };
    await audit(
      trx,
      actor,
      change === "enable" ? "partner.enable" : "partner.rotate",
      p.id,
      {
        proposedBy: p.proposed_by,
        enabled: p.enabled,
      },
      { ...after, approvedBy: actor.adminId },
    );
    return updated;
  });
  return toPartner(deps.env, row);
}

/** Disables a partner at once (its postbacks are refused from now on), withdrawing a waiting enabling. */
export async function disablePartner(deps: Deps, actor: Actor, id: number): Promise<Partner> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const p = await lockPartner(trx, id);
    const updated = await trx
      .updateTable("partners")
      .set({
        enabled: false,
        ...(p.proposed_change === "enable" ? { proposed_change: null, proposed_by: null } : {}),
      })
      .where("id", "=", p.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(trx, actor, "partner.disable", p.id, { enabled: p.enabled }, { enabled: false });
    return updated;
  });
  return toPartner(deps.env, row);
}

/** The player's opaque id for partners (never the e-mail nor the internal id), made on first use. */
export async function partnerUserIdOf(db: Database, userId: string): Promise<string> {
  await db
    .insertInto("partner_player_ids")
    .values({ user_id: userId, partner_user_id: `p${randomBytes(12).toString("hex")}` })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const row = await db
    .selectFrom("partner_player_ids")
    .select("partner_user_id")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.partner_user_id;
}
