import type { Kysely } from "kysely";
import { runStatements } from "../run-statements";

/**
 * The quizzes' tables (their content is written at start-up by src/server/quizzes/seed-content.ts), and the
 * server-graded sessions of ADR 006: a session fixes the question order and each question's option order;
 * an answer row per (session, question) — the primary key makes "answered once" the database's rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table quizzes (
      id text primary key check (id in ('general', 'science', 'history')),
      name text not null,
      icon text not null,
      description text not null,
      position smallint not null unique
    )`,
    `create table quiz_questions (
      id text primary key,
      quiz_id text not null references quizzes (id) on delete cascade,
      position smallint not null,
      text text not null,
      options text[] not null check (cardinality(options) = 4),
      answer text not null,
      check (answer = any (options)),
      unique (quiz_id, position)
    )`,
    `create table quiz_sessions (
      id uuid primary key,
      quiz_id text not null references quizzes (id),
      user_id text references "user" ("id") on delete cascade,
      items jsonb not null check (jsonb_typeof(items) = 'array'),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      completed_at timestamptz,
      check (expires_at > created_at)
    )`,
    "create index quiz_sessions_user_idx on quiz_sessions (user_id, created_at desc)",
    "create index quiz_sessions_guest_expiry_idx on quiz_sessions (expires_at) where user_id is null",
    `create table quiz_answers (
      session_id uuid not null references quiz_sessions (id) on delete cascade,
      question_id text not null references quiz_questions (id),
      chosen text not null,
      correct boolean not null,
      answered_at timestamptz not null default now(),
      primary key (session_id, question_id)
    )`,
  ]);
}
