import { z } from "zod";
import { type BalanceResponse, balanceResponseSchema, transactionsPageSchema } from "~/core/api/account";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { query } from "../http/validate";
import { getBalances, listEntries } from "./ledger.service";

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** Read-only: the signed-in user's balance and history. Coins are only ever paid by earning features. */
export const createLedgerRoutes = (deps: AppDeps) =>
  createRouter()
    .use(requireUser(deps))
    .get(
      "/balance",
      responds(
        { 200: balanceResponseSchema },
        { summary: "The coin balance, and the coins pending (not yet in it)" },
      ),
      async (c) => {
        const user = c.var.user!;
        return c.json((await getBalances(deps.db, user.id)) satisfies BalanceResponse);
      },
    )
    .get(
      "/transactions",
      responds(
        { 200: transactionsPageSchema },
        {
          summary: "The coin history, newest first",
          description: "Pass `nextCursor` as `before` for the next page.",
        },
      ),
      query(pageQuery),
      async (c) => {
        const user = c.var.user!;
        const { limit, before } = c.req.valid("query");
        return c.json(await listEntries(deps.db, user.id, { limit, before }));
      },
    );
