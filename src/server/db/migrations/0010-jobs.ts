import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * The durable job queue (src/server/jobs): a job is written in the transaction of the change that causes it and
 * run by a worker of any process. `run_at` is when it may next be claimed; a claim moves it forward by the
 * lease, so a job held by a killed process is claimed again once its lease has passed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table jobs (
      id bigserial primary key,
      queue text not null check (length(queue) between 1 and 100),
      payload jsonb not null default '{}'::jsonb,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      attempts integer not null default 0 check (attempts >= 0),
      max_attempts integer not null default 10 check (max_attempts >= 1),
      run_at timestamptz not null default now(),
      locked_until timestamptz,
      last_error text,
      dedupe_key text unique check (length(dedupe_key) between 1 and 300),
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`,
    "create index jobs_due_idx on jobs (run_at, id) where status in ('queued', 'running')",
    "create index jobs_finished_idx on jobs (finished_at) where status in ('done', 'failed')",
  ]);
}
