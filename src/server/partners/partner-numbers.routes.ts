import { partnerNumbersSchema, statementQuery } from "~/core/api/partner-numbers";
import { partnerIdParam } from "~/core/api/partners";
import { statsRangeSchema } from "~/core/api/stats";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { params, query } from "../http/validate";
import { partnerStatementCsv, readPartnerNumbers } from "../rollups/partner-days.service";

/**
 * /api/admin/partners/numbers and /{id}/statement.csv: the business in numbers per earning partner
 * (docs/product.md, "Earning partners"), read from the partners' daily rollups. Mounted inside the admin router
 * (requireAdmin); reading only.
 */
export const createPartnerNumbersRoutes = (deps: AppDeps) =>
  createRouter()
    .get(
      "/numbers",
      responds(
        { 200: partnerNumbersSchema },
        {
          summary: "Earning partners in numbers",
          description:
            "The last 30 or 90 UTC days, oldest first, all partners together, and each partner over the range: postbacks recorded, credits, reversals, coins issued (credited − reversed), dollars earned (payouts credited − reversed) and the margin (dollars earned − the coins' value at 1000 coins = $5), money in micro-dollars.",
        },
      ),
      query(statsRangeSchema),
      async (c) => c.json(await readPartnerNumbers(deps.db, c.req.valid("query").days)),
    )
    .get(
      "/:id/statement.csv",
      responds(
        {
          200: {
            description:
              "One line per UTC day of the month and a total line: postbacks, credits, reversals, coins and dollars (6 decimals)",
            mediaType: "text/csv",
          },
        },
        {
          summary: "A partner's month (CSV)",
          description: "To reconcile with the partner's own statement. An unknown partner is a 404.",
          errors: ["NOT_FOUND"],
        },
      ),
      params(partnerIdParam),
      query(statementQuery),
      async (c) => {
        const { id } = c.req.valid("param");
        const { month } = c.req.valid("query");
        const partner = await deps.db
          .selectFrom("partners")
          .select("slug")
          .where("id", "=", String(id))
          .executeTakeFirst();
        if (!partner) throw new AppError("NOT_FOUND");
        return new Response(await partnerStatementCsv(deps.db, id, month), {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="${partner.slug}-${month}.csv"`,
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
          },
        });
      },
    );
