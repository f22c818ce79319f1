import { z } from "zod";
import { postbackParams } from "~/core/api/partners";
import type { AppDeps } from "../app-deps";
import { clientIp } from "../http/client-ip";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { receivePostback } from "./postback.service";

const slugParam = z.object({ slug: z.string() });

const ABOUT = {
  tag: "postbacks",
  description:
    "For earning partners' servers (docs/product.md, \"Earning partners\"). Default scheme: `user_id` (the player's partner id, shown on the offers page), `transaction_id`, `reward` (coins), `payout` (USD), `status` (1 credit, 2 reversal; a `transaction_id` starting `r-` is a reversal too) and `signature` = lowercase hex HMAC-SHA256(secret, `{transaction_id}:{user_id}:{reward}:{status}`). A partner set to the ayeT-Studios or Wannads scheme sends theirs. 200 once recorded (a copy records nothing more); 403 for an unknown or disabled partner, a bad signature or a source outside the allowed addresses (nothing recorded); 400 when malformed or naming no player; 409 when the transaction id was recorded with another player or amount (flagged); 429 RATE_LIMITED (with Retry-After) past POSTBACK_RATE_LIMIT postbacks per partner and source address per minute — nothing is recorded, so the partner's retry records it.",
  errors: [
    "POSTBACK_REFUSED",
    "POSTBACK_MALFORMED",
    "POSTBACK_UNKNOWN_PLAYER",
    "POSTBACK_CONFLICT",
    "RATE_LIMITED",
  ] as const,
  query: postbackParams,
};
const OK = {
  200: { description: "`OK` (or `1` for the ayeT-Studios scheme): recorded.", mediaType: "text/plain" },
};

/** /api/postbacks/{slug}: earning partners' server-to-server postbacks, GET or a POSTed form. */
export const createPostbackRoutes = (deps: AppDeps) => {
  const receive = async (slug: string, params: Map<string, string>, c: Parameters<typeof clientIp>[0]) => {
    const body = await receivePostback(deps, {
      slug,
      params,
      header: (name) => c.req.header(name),
      sourceIp: clientIp(c, deps.env.trustProxy),
    });
    return c.text(body, 200);
  };
  // Per partner and source address, before anything is read or written: a 429 records nothing, and the partner
  // retries a non-2xx answer, so a postback over the limit is delayed, never lost.
  const limited = rateLimit(deps.rateLimitStore, (c) => [
    {
      key: `postback:${c.req.param("slug") ?? ""}:${clientIp(c, deps.env.trustProxy)}`,
      limit: deps.env.postbackRateLimit,
    },
  ]);
  return createRouter()
    .get("/:slug", responds(OK, { ...ABOUT, summary: "A partner's postback (GET)" }), limited, async (c) => {
      const { slug } = slugParam.parse(c.req.param());
      return receive(slug, new Map(Object.entries(c.req.query())), c);
    })
    .post(
      "/:slug",
      responds(OK, { ...ABOUT, summary: "A partner's postback (POST form)" }),
      limited,
      async (c) => {
        const { slug } = slugParam.parse(c.req.param());
        const form = await c.req.parseBody().catch(() => ({}));
        const params = new Map(Object.entries(c.req.query()));
        for (const [k, v] of Object.entries(form)) if (typeof v === "string") params.set(k, v);
        return receive(slug, params, c);
      },
    );
};
