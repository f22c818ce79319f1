import { sql } from "kysely";
import { USERS_PAGE_SIZE } from "~/core/admin";
import type { AdminUserList, AdminUserRow } from "~/core/api/admin";
import type { Database } from "../db/client";
import { AppError } from "../errors";

/**
 * The console's users list and search (docs/product.md, "Admin console"): newest first, a page at a time by key
 * (sign-up time, id) — never OFFSET, never a count of all users — so the millionth user costs what the first does.
 * A search is one of two indexed branches: the exact id (the primary key), else part of the e-mail address (any
 * case) through the trigram index user_email_trgm_idx (migration 0230); never both in one OR, which no index
 * serves.
 */

const iso = (d: Date | string) => new Date(d).toISOString();
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The sign-up time at full precision (microseconds, UTC), the first half of a row's key. */
const CREATED_KEY = sql<string>`to_char("user"."createdAt" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function userRows(db: Database) {
  return db
    .selectFrom("user")
    .leftJoin("user_profiles", "user_profiles.id", "user.id")
    .select([
      "user.id",
      "user.email",
      "user.emailVerified",
      "user.role",
      "user.banned",
      "user.createdAt",
      sql<number>`coalesce(user_profiles.points, 0)`.as("balance"),
      "user_profiles.deleted_at as deletedAt",
    ]);
}

export const toRow = (r: {
  id: string;
  email: string;
  emailVerified: boolean;
  role: string | null;
  banned: boolean | null;
  createdAt: Date;
  balance: number;
  deletedAt: Date | null;
}): AdminUserRow => ({
  id: r.id,
  email: r.email,
  emailVerified: r.emailVerified,
  role: r.role === "admin" || r.role === "editor" ? r.role : "user",
  banned: r.banned === true,
  balance: Number(r.balance),
  createdAt: iso(r.createdAt),
  deletedAt: r.deletedAt ? iso(r.deletedAt) : null,
});

interface Key {
  createdAt: string;
  id: string;
}

const encodeCursor = (key: Key) => Buffer.from(JSON.stringify([key.createdAt, key.id])).toString("base64url");

function decodeCursor(cursor: string, field: "after" | "before"): Key {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof createdAt === "string" && typeof id === "string" && !Number.isNaN(Date.parse(createdAt)))
      return { createdAt, id };
  } catch {
    // answered below
  }
  throw new AppError("VALIDATION_FAILED", undefined, [
    { path: field, message: "This is not a place in the users list." },
  ]);
}

/** The rows of one page: `limit + 1` from the cursor on, in the direction asked (older, or newer reversed). */
function pageQuery(
  db: Database,
  q: string | undefined,
  limit: number,
  from?: { key: Key; newer: boolean },
  newerThan?: Key,
) {
  const newer = from?.newer === true;
  let list = userRows(db)
    .select(CREATED_KEY.as("createdKey"))
    .orderBy("user.createdAt", newer ? "asc" : "desc")
    .orderBy("user.id", newer ? "asc" : "desc")
    .limit(limit + 1);
  if (q) list = list.where("user.email", "ilike", likePattern(q));
  if (from) {
    const key = sql`(${from.key.createdAt}::timestamptz, ${from.key.id}::text)`;
    list = list.where(sql<boolean>`("user"."createdAt", "user".id) ${sql.raw(newer ? ">" : "<")} ${key}`);
  }
  if (newerThan) {
    const key = sql`(${newerThan.createdAt}::timestamptz, ${newerThan.id}::text)`;
    list = list.where(sql<boolean>`("user"."createdAt", "user".id) > ${key}`);
  }
  return list;
}

/**
 * Users whose address contains `q` (any case), or the user whose id is `q`; newest first, USERS_PAGE_SIZE a page,
 * after (older than) or before (newer than) a cursor of an earlier answer.
 */
export async function searchUsers(
  db: Database,
  input: { q?: string | undefined; after?: string | undefined; before?: string | undefined },
): Promise<AdminUserList> {
  const q = input.q?.trim() || undefined;
  const pageSize = USERS_PAGE_SIZE;
  if (q && !input.after && !input.before) {
    const byId = await userRows(db).where("user.id", "=", q).executeTakeFirst();
    if (byId) return { users: [toRow(byId)], nextCursor: null, prevCursor: null, pageSize };
  }
  const after = input.after ? decodeCursor(input.after, "after") : undefined;
  const before = input.before ? decodeCursor(input.before, "before") : undefined;
  // Both: the rows between the two places, going older from `after` and bounded by `before`.
  const from = after ? { key: after, newer: false } : before ? { key: before, newer: true } : undefined;
  const rows = await pageQuery(db, q, pageSize, from, after && before ? before : undefined).execute();
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (from?.newer) page.reverse();
  const keyOf = (r: (typeof rows)[number]) => encodeCursor({ createdAt: r.createdKey, id: r.id });
  const first = page.at(0);
  const last = page.at(-1);
  // Going older: newer rows exist (the cursor's own row at least); going newer: older rows exist likewise.
  const hasOlder = from?.newer ? true : more;
  const hasNewer = from ? (from.newer ? more : true) : false;
  return {
    users: page.map(toRow),
    nextCursor: hasOlder && last ? keyOf(last) : null,
    prevCursor: hasNewer && first ? keyOf(first) : null,
    pageSize,
  };
}

/** The SQL of a users page as searchUsers sends it (the console plans test checks its plan). */
export function usersPageSql(db: Database, q: string | undefined, after?: string) {
  return pageQuery(
    db,
    q,
    USERS_PAGE_SIZE,
    after ? { key: decodeCursor(after, "after"), newer: false } : undefined,
  ).compile();
}
