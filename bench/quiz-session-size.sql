-- The quiz sessions' size per player-day with and without their question lists (docs/scaling.md, "Quiz sessions:
-- retention"): 100 000 one-session player-days in a scratch schema with quiz_sessions' columns and indexes, measured,
-- pruned as the retention job prunes, compacted (VACUUM FULL, for the measurement only) and measured again.
-- Run: psql <database url> -f bench/quiz-session-size.sql
\set ON_ERROR_STOP on
drop schema if exists measure cascade;
create schema measure;
set search_path = measure;
create table quiz_sessions (
  id uuid primary key, quiz_id text not null, user_id text,
  items jsonb not null check (jsonb_typeof(items) = 'array'),
  created_at timestamptz not null default now(), expires_at timestamptz not null, completed_at timestamptz,
  practice boolean not null default false, paid_day text, paid_slot smallint);
create index quiz_sessions_user_idx on quiz_sessions (user_id, created_at desc);
create index quiz_sessions_guest_expiry_idx on quiz_sessions (expires_at) where user_id is null;
create unique index quiz_sessions_paid_slot on quiz_sessions (user_id, quiz_id, paid_day, paid_slot);
create index quiz_sessions_user_id_idx on quiz_sessions (user_id, id);
create index quiz_sessions_items_expiry_idx on quiz_sessions (expires_at) where items <> '[]'::jsonb;
-- 100 000 player-days, one paid session each (the bench's light player), the app's items: 10 questions of the
-- quiz in a shuffled order, each with its shuffled options.
insert into quiz_sessions (id, quiz_id, user_id, items, created_at, expires_at, completed_at, paid_day, paid_slot)
select gen_random_uuid(), 'general', 'user-' || lpad(n::text, 24, '0'),
  (select jsonb_agg(jsonb_build_object('questionId', 'general-' || lpad(q::text, 2, '0'),
     'optionOrder', (select jsonb_agg(o order by random()) from generate_series(0, 3) o)) order by random())
   from generate_series(1, 10) q where n > 0),
  now() - interval '60 days', now() - interval '60 days' + interval '2 hours', now() - interval '60 days',
  to_char(now() - interval '60 days', 'YYYY-MM-DD'), 1
from generate_series(1, 100000) n;
vacuum analyze quiz_sessions;
select 'before' as state, pg_relation_size('quiz_sessions') as heap, pg_indexes_size('quiz_sessions') as indexes,
  pg_total_relation_size('quiz_sessions') / 100000 as bytes_per_player_day,
  (select avg(pg_column_size(items))::int from quiz_sessions) as items_bytes;
update quiz_sessions set items = '[]'::jsonb;
vacuum full quiz_sessions;
analyze quiz_sessions;
select 'after' as state, pg_relation_size('quiz_sessions') as heap, pg_indexes_size('quiz_sessions') as indexes,
  pg_total_relation_size('quiz_sessions') / 100000 as bytes_per_player_day,
  (select avg(pg_column_size(items))::int from quiz_sessions) as items_bytes;
drop schema measure cascade;
