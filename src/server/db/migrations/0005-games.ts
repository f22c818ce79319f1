import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * Signed-in Tic Tac Toe games (ADR 005). `board` is nine characters, row by row: 'X', 'O' or '-'.
 * At most one open game per user; `version` rises with every stored move (optimistic concurrency).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table games (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references "user" ("id") on delete cascade,
      board text not null default '---------' check (board ~ '^[XO-]{9}$'),
      status text not null default 'open' check (status in ('open', 'won', 'lost', 'draw', 'abandoned')),
      version integer not null default 0 check (version >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz,
      check ((status = 'open') = (finished_at is null))
    )`,
    "create unique index games_one_open_per_user on games (user_id) where status = 'open'",
    "create index games_user_idx on games (user_id, created_at desc)",
  ]);
}
