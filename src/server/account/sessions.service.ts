import { parse } from "hono/utils/cookie";
import type { AccountSessions } from "~/core/api/account";
import type { AppDeps } from "../app-deps";
import { verifiedToken } from "../auth/session-reader";
import { AppError } from "../errors";
import { describeDevice } from "../http/user-agent";

const iso = (d: Date | string) => new Date(d).toISOString();

/** The token of the request's own session (its signed cookie), or null. */
export async function currentSessionToken(auth: AppDeps["auth"], headers: Headers): Promise<string | null> {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const ctx = await auth.$context;
  return verifiedToken(parse(cookie)[ctx.authCookies.sessionToken.name], ctx.secret);
}

/** Every live session of `userId`, newest first, the request's own marked. Tokens never leave the server. */
export async function listSessions(
  deps: Pick<AppDeps, "db" | "auth">,
  userId: string,
  headers: Headers,
): Promise<AccountSessions> {
  const [rows, token] = await Promise.all([
    deps.db
      .selectFrom("session")
      .select(["id", "token", "createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"])
      .where("userId", "=", userId)
      .where("expiresAt", ">", new Date())
      .orderBy("createdAt", "desc")
      .limit(100)
      .execute(),
    currentSessionToken(deps.auth, headers),
  ]);
  return {
    sessions: rows.map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      ipAddress: s.ipAddress,
      createdAt: iso(s.createdAt),
      lastActiveAt: iso(s.updatedAt),
      expiresAt: iso(s.expiresAt),
      current: s.token === token,
    })),
  };
}

/**
 * Deletes the session records, then their copies in better-auth's session cache (Redis) through its adapter.
 * The guards read the record (auth/session-reader.ts), so an ended session is refused on its next request even
 * if dropping a cached copy failed (Redis away: logged, the answer stands, as for a ban).
 */
async function endSessions(deps: Pick<AppDeps, "db" | "auth" | "logger">, tokens: string[]): Promise<void> {
  if (!tokens.length) return;
  await deps.db.deleteFrom("session").where("token", "in", tokens).execute();
  const ctx = await deps.auth.$context;
  await ctx.internalAdapter.deleteSessions(tokens).catch((error: unknown) => {
    deps.logger.warn({ err: error }, "ended sessions: dropping their cached copies failed");
  });
}

/** Ends one session of `userId`; another user's (or an unknown) id → 404. */
export async function endSession(
  deps: Pick<AppDeps, "db" | "auth" | "logger">,
  userId: string,
  sessionId: string,
): Promise<{ ended: number }> {
  const row = await deps.db
    .selectFrom("session")
    .select("token")
    .where("id", "=", sessionId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No such session.");
  await endSessions(deps, [row.token]);
  return { ended: 1 };
}

/** Ends every session of `userId` except the request's own. */
export async function endOtherSessions(
  deps: Pick<AppDeps, "db" | "auth" | "logger">,
  userId: string,
  headers: Headers,
): Promise<{ ended: number }> {
  const token = await currentSessionToken(deps.auth, headers);
  let others = deps.db.selectFrom("session").select("token").where("userId", "=", userId);
  if (token) others = others.where("token", "<>", token);
  const tokens = (await others.execute()).map((r) => r.token);
  await endSessions(deps, tokens);
  return { ended: tokens.length };
}
