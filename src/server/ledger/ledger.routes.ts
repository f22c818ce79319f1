import { z } from "zod";
import { type BalanceResponse, balanceResponseSchema, transactionsPageSchema } from "~/core/api/account";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { query } from "../http/validate";
import { getBalances } from "./ledger.service";
import { listHistory } from "./ledger-history";

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
          summary: "The coin history in lines, newest first",
          description:
            "Grouped by the server: a quiz session's rows (its right answers and completion bonus) are one line " +
            "with their whole amount; every other row is a line of its own. Paged over lines: pass `nextCursor` " +
            "as `before` for the next page; a line is on exactly one page.",
        },
      ),
      query(pageQuery),
      async (c) => {
        const user = c.var.user!;
        const { limit, before } = c.req.valid("query");
        return c.json(await listHistory(deps.db, user.id, { limit, before }));
      },
    );
