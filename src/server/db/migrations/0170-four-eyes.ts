import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Four eyes on money and power (docs/product.md, "Dual control"; docs/decisions/063):
 * - user_profiles.admin_since: when the account last became an administrator (every path that grants the role sets
 *   it; a revocation clears it). An administrator approves only proposals made after that moment. Today's
 *   administrators get the time of their last recorded grant, else the account's creation.
 * - admin_proposals gains the kind `role.change` (granting or revoking the administrator role) with its `role`;
 *   at most one role change of a user waits at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    "alter table user_profiles add column admin_since timestamptz",
    `update user_profiles p set admin_since = coalesce(
        (select max(a.created_at) from audit_log a
          where a.action = 'role.grant' and a.target_type = 'user' and a.target_id = p.id),
        u."createdAt")
      from "user" u where u.id = p.id and u.role = 'admin'`,
    "alter table admin_proposals drop constraint admin_proposals_kind_check",
    `alter table admin_proposals add constraint admin_proposals_kind_check
      check (kind in ('coins.adjust', 'redemption.approve', 'role.change'))`,
    "alter table admin_proposals add column role text check (role in ('admin', 'user'))",
    "alter table admin_proposals add constraint admin_proposals_role_kind_check check ((kind = 'role.change') = (role is not null))",
    `create unique index admin_proposals_open_role_idx on admin_proposals (user_id)
      where status = 'proposed' and kind = 'role.change'`,
    "create index admin_proposals_proposer_idx on admin_proposals (proposed_by) where status = 'proposed'",
  ]);
}
