import { reasonInput } from "~/core/api/admin";
import {
  heldCreditDecisionSchema,
  heldCreditIdParam,
  heldCreditListSchema,
  heldCreditsQuery,
} from "~/core/api/partners";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireFreshSession } from "../auth/require-admin";
import type { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params, query } from "../http/validate";
import { type CreditDecision, decideHeldCredit } from "./held-credit-decisions.service";
import { heldCredits } from "./held-credits.service";

const decisionDocs = (decision: CreditDecision) =>
  responds(
    { 200: heldCreditDecisionSchema },
    {
      summary:
        decision === "release"
          ? "Release a held partner credit: paid now, or pending until its release date"
          : "Decline a held partner credit: pay nothing",
      description: `${
        decision === "release"
          ? "Pays the credit at once when its hold days have passed (state `available`), else makes it pending until `releaseAt`, when the release job pays it (state `pending`); its coins and payout join its partner's day in the numbers."
          : "The credit is declined (state `declined`) and paid nothing; a later reversal of it takes nothing back."
      } One decision per credit, by one administrator, written to the audit log with its reason: a credit not held (decided already, or never held) is a 409 CONFLICT, a repeat of the same decision too, and so is the release of a credit whose player deleted their account (it can only be declined); never the administrator's own credit (403 SELF_ACTION).`,
      errors: ["NOT_FOUND", "CONFLICT", "SELF_ACTION", "INVISIBLE_TEXT"],
    },
  );

/** A held credit's decision: documented, a session signed in within 15 minutes, rate-limited, with its reason. */
const decide = (limited: ReturnType<typeof rateLimit>, decision: CreditDecision) =>
  [
    decisionDocs(decision),
    params(heldCreditIdParam),
    requireFreshSession(),
    limited,
    jsonBody(reasonInput),
  ] as const;

/**
 * /api/admin/partners/held: partner credits held for review (past a partner's daily cap per player) and their
 * decisions (docs/product.md, "Earning partners"; docs/decisions/112). Mounted inside the admin router
 * (requireAdmin); `limited` is the per-administrator rate limit of every admin change.
 */
export const createHeldCreditRoutes = (deps: AppDeps, limited: ReturnType<typeof rateLimit>) =>
  createRouter()
    .get(
      "/",
      responds(
        { 200: heldCreditListSchema },
        {
          summary: "Partner credits held for review",
          description:
            "Credits past a partner's daily cap per player: recorded, held and not paid, each with its reason; newest first, a page at a time by key (`after` the previous page's `nextCursor`).",
        },
      ),
      query(heldCreditsQuery),
      async (c) => c.json(await heldCredits(deps.db, c.req.valid("query"))),
    )
    .post("/:id/release", ...decide(limited, "release"), async (c) =>
      c.json(
        await decideHeldCredit(deps.db, actingAdmin(c.var), {
          id: c.req.valid("param").id,
          decision: "release",
          reason: c.req.valid("json").reason,
        }),
      ),
    )
    .post("/:id/decline", ...decide(limited, "decline"), async (c) =>
      c.json(
        await decideHeldCredit(deps.db, actingAdmin(c.var), {
          id: c.req.valid("param").id,
          decision: "decline",
          reason: c.req.valid("json").reason,
        }),
      ),
    );
