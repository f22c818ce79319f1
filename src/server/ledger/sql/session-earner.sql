-- The user a session token may earn for with nothing else to do: the session exists and is not due for its
-- sliding refresh (`expiresAt` > `fresh_until`, i.e. now + the refresh age), its user's address is confirmed and
-- no ban is in force; else null, and the request takes the full way (the session reader and better-auth decide:
-- src/server/auth/earner.ts). An earning request's one statement starts with it. A check before the award's
-- lock: the award looks again under it (ledger-award.sql).
-- plpgsql, not sql: PostgreSQL keeps a plpgsql function's plans for the connection's life, while an SQL function
-- that is not inlined is planned again on every call.
create or replace function session_earner(p_token text, p_fresh_until timestamptz)
returns text language plpgsql stable as $$
begin
  return (select s."userId" from "session" s join "user" u on u.id = s."userId"
    where s.token = p_token and s."expiresAt" > p_fresh_until and u."emailVerified"
      and not (coalesce(u.banned, false) and (u."banExpires" is null or u."banExpires" > now())));
end $$
