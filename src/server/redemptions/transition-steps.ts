import type { Expression, ExpressionBuilder, SqlBool, Transaction, UpdateObject } from "kysely";
import type { Redemption } from "~/core/api/redemptions";
import type { AppDeps } from "../app-deps";
import { type Actor, recordAudit } from "../audit/audit.service";
import type { DB } from "../db/schema";
import { AppError } from "../errors";
import { withRetryableTransaction } from "../ledger/transaction";
import { toRedemption } from "./redemptions.service";

/**
 * The shape every administrator's transition of a redemption shares (redemption-transitions.ts): the locked
 * row, the conditional UPDATE, the refusal and the audit row.
 */
export type Deps = Pick<AppDeps, "db" | "env" | "mailOutbox" | "payoutProvider">;

export type Row = Awaited<ReturnType<typeof loadRow>>;

/** The redemption, locked for the rest of the transaction: the audit's "before" is what the UPDATE changes. */
export async function loadRow(trx: Transaction<DB>, id: number) {
  const row = await trx
    .selectFrom("redemptions")
    .selectAll()
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such redemption.");
  return row;
}

export function refuse(row: { status: string }, what: string): never {
  throw new AppError("REDEMPTION_STATE", `This redemption is ${row.status}: it cannot be ${what}.`);
}

export async function audit(
  trx: Transaction<DB>,
  actor: Actor,
  action: string,
  before: Row,
  after: Row,
  reason?: string,
  extra?: Record<string, unknown>,
) {
  await recordAudit(trx, {
    actorId: actor.adminId,
    action: `redemption.${action}`,
    targetType: "redemption",
    targetId: String(after.id),
    before: { status: before.status, reference: before.provider_reference },
    after: {
      status: after.status,
      reference: after.provider_reference,
      provider: after.provider,
      coins: after.coins,
      userId: after.user_id,
      ...(extra ?? {}),
    },
    reason: reason ?? null,
    requestId: actor.requestId,
  });
}

export const walletUrl = (deps: Deps) => `${deps.env.appUrl}/wallet`;

export async function emailOf(trx: Transaction<DB>, userId: string) {
  const u = await trx.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return u.email;
}

/**
 * One transition in its own transaction, the shape every administrator's action shares: the conditional
 * UPDATE (`set`, only where the redemption is in a state `from` accepts). When it moved nothing, `unmoved`
 * answers the redemption as it is (a repeat of this very transition) or throws; when it moved, `moved` writes
 * what goes with the change (refund, payout job, e-mail, audit row) in the same transaction.
 */
export async function transition(
  deps: Deps,
  actor: Actor,
  id: number,
  step: {
    set: UpdateObject<DB, "redemptions">;
    from: (eb: ExpressionBuilder<DB, "redemptions">) => Expression<SqlBool>;
    unmoved: (current: Row) => Redemption;
    moved: (trx: Transaction<DB>, before: Row, row: Row) => Promise<void>;
  },
): Promise<Redemption> {
  return withRetryableTransaction(deps.db, (trx) => transitionIn(trx, actor, id, step));
}

/**
 * `transition` inside the caller's transaction (a dual-control approval applies the redemption's approval in the
 * transaction that approves the proposal). No self-service: an administrator never decides their own redemption.
 */
export async function transitionIn(
  trx: Transaction<DB>,
  actor: Actor,
  id: number,
  step: Parameters<typeof transition>[3],
): Promise<Redemption> {
  const before = await loadRow(trx, id);
  if (before.user_id === actor.adminId)
    throw new AppError(
      "SELF_ACTION",
      "You cannot decide your own redemption: another administrator must do it.",
    );
  const row = await trx
    .updateTable("redemptions")
    .set(step.set)
    .where("id", "=", id)
    .where(step.from)
    .returningAll()
    .executeTakeFirst();
  if (!row) return step.unmoved(await loadRow(trx, id));
  await step.moved(trx, before, row);
  return toRedemption(row);
}
