import type { AppDeps } from "../app-deps";
import type { Database } from "../db/client";
import { AppError } from "../errors";

/**
 * A fresh password check of `userId` (deleting the account, downloading a KYC document): 400 INVALID_PASSWORD
 * unless `password` matches the stored hash (better-auth's hasher: argon2). `db` may be a transaction.
 */
export async function checkPassword(
  deps: Pick<AppDeps, "auth">,
  db: Database,
  userId: string,
  password: string,
): Promise<void> {
  const account = await db
    .selectFrom("account")
    .select("password")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  const ctx = await deps.auth.$context;
  const ok = account?.password ? await ctx.password.verify({ hash: account.password, password }) : false;
  if (!ok) throw new AppError("INVALID_PASSWORD");
}
