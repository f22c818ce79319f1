import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Operators: better-auth's admin plugin columns (role, ban fields on "user", impersonatedBy on "session"),
 * and the append-only audit log of every administrative action. A trigger refuses UPDATE, DELETE and
 * TRUNCATE on audit_log, so not even a bug in the app can rewrite history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table "user" add column "role" text default 'user'`,
    `alter table "user" add column "banned" boolean default false`,
    `alter table "user" add column "banReason" text`,
    `alter table "user" add column "banExpires" timestamptz`,
    `alter table "session" add column "impersonatedBy" text`,
    `create index user_created_idx on "user" ("createdAt" desc)`,
    `create table audit_log (
      id bigserial primary key,
      actor_id text,
      action text not null check (length(action) between 1 and 100),
      target_type text not null check (length(target_type) between 1 and 50),
      target_id text not null check (length(target_id) between 1 and 200),
      before jsonb,
      after jsonb,
      reason text check (length(reason) <= 500),
      request_id text,
      created_at timestamptz not null default now()
    )`,
    "create index audit_log_actor_idx on audit_log (actor_id, id desc)",
    "create index audit_log_target_idx on audit_log (target_type, target_id, id desc)",
    "create index audit_log_action_idx on audit_log (action, id desc)",
    `create function audit_log_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = '42501';
    end
    $$`,
    `create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_refuse_change()`,
    `create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_refuse_change()`,
  ]);
}
